import type { CartItem } from '@visita/domain/cart-item';
import { BLOCK_SELECTION_FAILED_MESSAGE } from '@visita/domain/messages';
import { DEFAULT_STEP_LIST, MANAGE_BOOKING_STEP_LIST } from '@visita/domain/steps';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cartActions } from '../../stores/cart-actions.ts';
import { createWidgetStores } from '../../stores/widget-stores.tsx';
import {
  APOQUINDO_ADDRESS,
  type Booking,
  confirmedBooking,
  createAppointment,
  HEMOGRAMA_ID,
} from '../../test-support/api-bookings.ts';
import { button } from '../../test-support/booking-actions.ts';
import { withRealApi } from '../../test-support/real-api.ts';
import { renderStep } from '../../test-support/render-step.tsx';
import { BLOCK_TAKEN_MESSAGE } from './copy.ts';
import { DateStep } from './date-step.tsx';

const api = withRealApi();

const HEMOGRAMA = { id: HEMOGRAMA_ID, name: 'Hemograma', price: 8990, type: 'panel' } as CartItem;

async function renderDate(booking: Booking, { managing = false } = {}) {
  const stores = createWidgetStores('demo');
  cartActions(stores.cart).addItem(HEMOGRAMA, { patientIndex: 0 });
  renderStep(<DateStep />, {
    step: 'date',
    stepList: managing ? MANAGE_BOOKING_STEP_LIST : DEFAULT_STEP_LIST,
    client: await api.clientConfig('demo'),
    stores,
    toasts: true,
    session: {
      addressData: APOQUINDO_ADDRESS,
      appointmentId: booking.id,
      appointmentToken: booking.token,
      managingBooking: managing,
    },
  });
  return stores;
}

const times = () => [...document.querySelectorAll<HTMLButtonElement>('.visita-time')];
const pressedDay = () => document.querySelector<HTMLButtonElement>('.visita-day[aria-pressed="true"]');
const pressedTime = () => document.querySelector<HTMLButtonElement>('.visita-time[aria-pressed="true"]');
const loaded = () =>
  waitFor(() => expect(screen.queryByText('Cargando disponibilidad')).toBeNull(), { timeout: 8000 });

/** The chosen day's ISO date, from what the API offers the booking (the widget offers the same). */
async function offeredDate(booking: Booking, beginTime: string): Promise<string> {
  const query = new URLSearchParams({
    appointment_id: booking.id,
    country: 'cl',
    items: String(HEMOGRAMA_ID),
  });
  const offered = await api.call<{ data: { date: string; begin_time: string }[] }>(
    'GET',
    `/api/v2/time-availability/?${query.toString()}`,
    { headers: { 'x-appointment-token': booking.token } },
  );
  const entry = offered.body.data.find((block) => block.begin_time === beginTime);
  if (!entry) throw new Error(`${beginTime} not offered`);
  return entry.date;
}

/** Other people hold the block until none of its nurses is left: what a parallel booking does. */
async function takeBlock(date: string, begin: string, end: string) {
  for (let attempt = 0; attempt < 60; attempt++) {
    const other = await createAppointment(api);
    const held = await api.call('POST', `/api/v2/appointments/${other.id}/schedule/`, {
      headers: { 'x-appointment-token': other.token },
      body: { begin_date: `${date} ${begin}:00`, end_date: `${date} ${end}:00`, items: [HEMOGRAMA_ID] },
    });
    if (held.status === 409) return;
    expect(held.status).toBe(200);
  }
  throw new Error('the block never filled');
}

/** Chooses a time of the first day offered (the second, when `second`), then lets others take it. */
async function chooseAndLoseIt(booking: Booking, { second = false } = {}) {
  await waitFor(() => expect(pressedTime()).not.toBeNull(), { timeout: 8000 });
  await loaded();
  // A day with several times (today's last one, late in the day, would leave the day empty).
  for (const candidate of document.querySelectorAll<HTMLButtonElement>('.visita-day:not([disabled])')) {
    if (times().length >= 3) break;
    await userEvent.click(candidate);
  }
  expect(times().length).toBeGreaterThanOrEqual(3);
  if (second) await userEvent.click(times()[1] as HTMLButtonElement);
  const chosen = pressedTime() as HTMLButtonElement;
  const [begin = '', end = ''] = (chosen.textContent ?? '').split(' - ');
  const day = pressedDay() as HTMLButtonElement;
  await takeBlock(await offeredDate(booking, begin), begin, end);
  return { begin, day: day.getAttribute('aria-label') };
}

async function expectRefusedAndRecovered(begin: string, day: string | null, toastText: string) {
  expect(await screen.findByText(toastText, {}, { timeout: 8000 })).toBeTruthy();
  // What happened stays said on the step, beside the toast.
  expect(screen.getByText(BLOCK_TAKEN_MESSAGE)).toBeTruthy();
  // The taken time is gone at once, the day is still chosen, with another of its times, and the
  // focus is on that time (not the page's body).
  const offered = () => times().map((time) => time.textContent?.split(' - ')[0]);
  expect(offered()).not.toContain(begin);
  expect(pressedDay()?.getAttribute('aria-label')).toBe(day);
  await waitFor(() => expect(document.activeElement).toBe(pressedTime()));
  expect(pressedTime()?.textContent?.split(' - ')[0]).not.toBe(begin);
  expect((button('Continuar') as HTMLButtonElement).disabled).toBe(false);
  // Whatever the fresh answer says, the taken time is not offered again here.
  await loaded();
  expect(offered()).not.toContain(begin);
  expect(screen.getByText(BLOCK_TAKEN_MESSAGE)).toBeTruthy();
}

describe("'Fecha y hora de atención' when the chosen time is taken by someone else meanwhile", () => {
  it('says so, drops the time at once, keeps the day and puts the focus on its next time', async () => {
    const booking = await createAppointment(api);
    const stores = await renderDate(booking);
    const { begin, day } = await chooseAndLoseIt(booking);
    await userEvent.click(button('Continuar'));
    await expectRefusedAndRecovered(begin, day, BLOCK_SELECTION_FAILED_MESSAGE);
    expect(stores.flow.getState().step).toBe('date');
    // A time taken meanwhile is normal: not reported as a failure.
    expect(api.requests).not.toContain('POST /api/v2/errors/');
    // The next time offered is held.
    await userEvent.click(button('Continuar'));
    await waitFor(() => expect(stores.flow.getState().step).toBe('patient'), { timeout: 8000 });
  });

  it('does the same when a confirmed visit is moved to a time taken meanwhile', async () => {
    const booking = await confirmedBooking(api);
    const stores = await renderDate(booking, { managing: true });
    const { begin, day } = await chooseAndLoseIt(booking, { second: true });
    await userEvent.click(button('Continuar'));
    await expectRefusedAndRecovered(begin, day, BLOCK_SELECTION_FAILED_MESSAGE);
    expect(stores.flow.getState().step).toBe('date');
  });
});
