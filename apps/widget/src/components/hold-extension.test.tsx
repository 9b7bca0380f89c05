import type { CartItem } from '@visita/domain/cart-item';
import type { ClientConfig } from '@visita/domain/contract/client-config';
import type { Step } from '@visita/domain/steps';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOLD_EXPIRED_TEXT } from '../copy/date.ts';
import { StepFrame } from '../flow/step-frame.tsx';
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

/** A step as the frame wraps it: its title and, at the bottom, 'Continuar'. */
function SomeStep() {
  return (
    <section className="visita-step" aria-labelledby="some-step-title">
      <h1 id="some-step-title">Confirma tu cita</h1>
      <div className="visita-step__actions">
        <button type="button">Continuar</button>
      </div>
    </section>
  );
}

async function renderHold(
  expiresInMinutes: number,
  block?: { begin_date: string; end_date: string },
  { step = 'patient', frame = false }: { step?: Step; frame?: boolean } = {},
) {
  const booking = await heldBooking(api);
  const stores = createWidgetStores('demo');
  cartActions(stores.cart).addItem(HEMOGRAMA, { patientIndex: 0 });
  const ui = frame ? (
    <StepFrame>
      <SomeStep />
    </StepFrame>
  ) : (
    <HoldTimer>
      <SomeStep />
    </HoldTimer>
  );
  renderStep(ui, {
    step,
    stepList: ['address', 'services', 'date', 'patient', 'confirmation', 'payment', 'success'],
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
  if (frame) {
    // The frame starts the session from the query (the first step of the list) once: the
    // person then reaches `step`.
    await waitFor(() => expect(stores.session.getState().startLoaded).toBe(true));
    act(() => stores.flow.getState().setStep(step));
    expect(stores.flow.getState().step).toBe(step);
  }
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

  it('after extending, puts focus on the countdown (not the page) and says the new time once', async () => {
    await renderHold(4);
    await userEvent.click(button('Extender reserva'));
    await waitFor(() => expect(notice()).toMatch(/^Tu horario queda reservado por /));
    const timer = screen.getByTestId('hold-timer');
    expect(document.activeElement).toBe(timer);
    expect(document.activeElement).not.toBe(document.body);
    // The countdown goes on each second; what was said is not said again.
    const said = notice();
    const shown = timer.textContent;
    await waitFor(() => expect(timer.textContent).not.toBe(shown), { timeout: 2500 });
    expect(notice()).toBe(said);
  });

  it('while extending, keeps the focus on the busy button and a second press sends nothing', async () => {
    await renderHold(4);
    const extend = button('Extender reserva');
    extend.focus();
    const sentBefore = api.requests.length;
    // Two presses in one go: the second comes while the first one's call is on its way.
    fireEvent.click(extend);
    fireEvent.click(extend);
    expect(extend.getAttribute('aria-busy')).toBe('true');
    expect(extend.getAttribute('aria-disabled')).toBe('true');
    expect((extend as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(extend);
    await waitFor(() => expect(notice()).toMatch(/^Tu horario queda reservado por /));
    const holds = api.requests.slice(sentBefore).filter((request) => request.startsWith('POST'));
    expect(holds).toHaveLength(1);
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

  it('once lapsed, offers to choose another time: the date step, the hold gone, the rest kept', async () => {
    const stores = await renderHold(-1);
    await userEvent.click(button('Elegir otra hora'));
    expect(stores.flow.getState().step).toBe('date');
    const session = stores.session.getState();
    expect(session.holdExpiresAt).toBeNull();
    expect(session.selectedBlock).toBeNull();
    expect(session.appointmentId).not.toBeNull();
    expect(session.addressData).toEqual(APOQUINDO_ADDRESS);
    expect(stores.cart.getState().cart.patients[0]?.items.map((item) => item.id)).toEqual([HEMOGRAMA_ID]);
  });
});

describe('the hold on every step it runs through', () => {
  it.each<Step>(['patient', 'confirmation', 'payment'])(
    'the frame around the %s step shows the countdown, warns and can extend',
    async (step) => {
      await renderHold(4, undefined, { step, frame: true });
      expect(await screen.findByTestId('hold-timer')).toBeTruthy();
      expect(screen.getByTestId('hold-warning').textContent).toContain(
        'Tu reserva de horario vence en menos de 5 minutos.',
      );
      expect(button('Extender reserva')).toBeTruthy();
    },
  );

  it.each<Step>(['date', 'success'])('the %s step shows no hold', async (step) => {
    await renderHold(4, undefined, { step, frame: true });
    expect(await screen.findByRole('heading', { name: 'Confirma tu cita' })).toBeTruthy();
    expect(screen.queryByTestId('hold-timer')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Extender reserva' })).toBeNull();
  });

  it("puts the warning after the step's own content, where its 'Continuar' is", async () => {
    await renderHold(4, undefined, { step: 'confirmation', frame: true });
    const warning = await screen.findByTestId('hold-warning');
    const follows = button('Continuar').compareDocumentPosition(warning);
    expect(follows & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
