import type { CartItem } from '@visita/domain/cart-item';
import { TOO_MANY_HOLDS_FROM_NETWORK } from '@visita/domain/contract/api-errors';
import { BLOCK_SELECTION_FAILED_MESSAGE } from '@visita/domain/messages';
import { DEFAULT_STEP_LIST } from '@visita/domain/steps';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cartActions } from '../../stores/cart-actions.ts';
import { createWidgetStores } from '../../stores/widget-stores.tsx';
import {
  APOQUINDO_ADDRESS,
  createAppointment,
  HEMOGRAMA_ID,
  heldBooking,
} from '../../test-support/api-bookings.ts';
import { button } from '../../test-support/booking-actions.ts';
import { withRealApi } from '../../test-support/real-api.ts';
import { renderStep } from '../../test-support/render-step.tsx';
import { DateStep } from './date-step.tsx';

// One live hold per address: the widget's calls and the test's own come from the same one, the
// widget's with its browser key, so the address's bound is the one met.
const api = withRealApi({ env: { HOLDS_PER_ADDRESS: '1' } });

const HEMOGRAMA = { id: HEMOGRAMA_ID, name: 'Hemograma', price: 8990, type: 'panel' } as CartItem;

describe("'Fecha y hora de atención' when the address already holds as many blocks as it may", () => {
  it("shows the server's text, which says what to do, not the generic failure", async () => {
    await heldBooking(api);
    const booking = await createAppointment(api);
    const stores = createWidgetStores('demo');
    cartActions(stores.cart).addItem(HEMOGRAMA, { patientIndex: 0 });
    renderStep(<DateStep />, {
      step: 'date',
      stepList: DEFAULT_STEP_LIST,
      client: await api.clientConfig('demo'),
      stores,
      toasts: true,
      session: {
        addressData: APOQUINDO_ADDRESS,
        appointmentId: booking.id,
        appointmentToken: booking.token,
      },
    });
    await waitFor(() => expect(document.querySelector('.visita-time[aria-pressed="true"]')).not.toBeNull(), {
      timeout: 8000,
    });
    await userEvent.click(button('Continuar'));
    expect(await screen.findByText(TOO_MANY_HOLDS_FROM_NETWORK.msg, {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByText(BLOCK_SELECTION_FAILED_MESSAGE)).toBeNull();
    expect(stores.flow.getState().step).toBe('date');
    expect(stores.session.getState().holdExpiresAt).toBeFalsy();
  });
});
