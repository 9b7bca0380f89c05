import type { CartItem } from '@visita/domain/cart-item';
import type { ClientConfig } from '@visita/domain/contract/client-config';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOLD_EXPIRED_TEXT, holdText } from '../copy/date.ts';
import { cartActions } from '../stores/cart-actions.ts';
import { createWidgetStores } from '../stores/widget-stores.tsx';
import { APOQUINDO_ADDRESS, HEMOGRAMA_ID, heldBooking } from '../test-support/api-bookings.ts';
import { button } from '../test-support/booking-actions.ts';
import { withRealApi } from '../test-support/real-api.ts';
import { renderStep } from '../test-support/render-step.tsx';
import { HoldTimer } from './hold-timer.tsx';

const api = withRealApi();
let demo: ClientConfig;
beforeAll(async () => {
  demo = await api.clientConfig('demo');
});

const HEMOGRAMA = { id: HEMOGRAMA_ID, name: 'Hemograma', price: 8990, type: 'panel' } as CartItem;
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

async function renderHold(expiresInMinutes: number, block?: { begin_date: string; end_date: string }) {
  const booking = await heldBooking(api);
  const stores = createWidgetStores('demo');
  cartActions(stores.cart).addItem(HEMOGRAMA, { patientIndex: 0 });
  renderStep(<HoldTimer text={holdText} expiredText={HOLD_EXPIRED_TEXT} />, {
    step: 'patient',
    client: demo,
    stores,
    toasts: true,
    session: {
      addressData: APOQUINDO_ADDRESS,
      appointmentId: booking.id,
      appointmentToken: booking.token,
      selectedBlock: block ?? {
        begin_date: `${booking.block.date} ${booking.block.begin_time}:00`,
        end_date: `${booking.block.date} ${booking.block.end_time}:00`,
      },
      holdExpiresAt: minutesFromNow(expiresInMinutes),
    },
  });
  return stores;
}

const notice = () => screen.getByRole('status').textContent;

describe('the hold, before it lapses', () => {
  it('says nothing and offers nothing while more than 5 minutes are left', async () => {
    await renderHold(12);
    expect(notice()).toBe('');
    expect(screen.queryByRole('button', { name: 'Extender reserva' })).toBeNull();
  });

  it('warns 5 minutes before, on screen and once to a screen reader, and extends the same block by 20 minutes', async () => {
    const stores = await renderHold(4);
    expect(notice()).toBe('Tu reserva de horario vence en menos de 5 minutos.');
    expect(
      screen.getByText('Tu reserva de horario vence en menos de 5 minutos.', { selector: 'span' }),
    ).toBeTruthy();
    await userEvent.click(button('Extender reserva'));
    await waitFor(() =>
      expect(notice()).toMatch(/^Tu horario queda reservado por (20 minutos|19 minutos y \d+ segundos?)\.$/),
    );
    // The server held the block again: its new expiry is 20 minutes from now.
    const expiresAt = Date.parse(stores.session.getState().holdExpiresAt ?? '');
    expect(expiresAt - Date.now()).toBeGreaterThan(19 * 60_000);
    expect(screen.queryByRole('button', { name: 'Extender reserva' })).toBeNull();
  });

  it('says so when the block cannot be held again, and keeps the hold it had', async () => {
    const stores = await renderHold(3, {
      begin_date: '2020-01-06 08:00:00',
      end_date: '2020-01-06 09:00:00',
    });
    const before = stores.session.getState().holdExpiresAt;
    await userEvent.click(button('Extender reserva'));
    expect(await screen.findByText('Ha ocurrido un error al intentar agendar')).toBeTruthy();
    expect(stores.session.getState().holdExpiresAt).toBe(before);
  });

  it('says once that it lapsed', async () => {
    await renderHold(-1);
    expect(notice()).toBe(HOLD_EXPIRED_TEXT);
    expect(screen.queryByRole('button', { name: 'Extender reserva' })).toBeNull();
  });
});
