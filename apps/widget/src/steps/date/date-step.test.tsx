import type { CartItem } from '@visita/domain/cart-item';
import type { ClientConfig } from '@visita/domain/contract/client-config';
import { DEFAULT_STEP_LIST, MANAGE_BOOKING_STEP_LIST } from '@visita/domain/steps';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
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
import { DateStep } from './date-step.tsx';

const api = withRealApi();
let demo: ClientConfig;

beforeAll(async () => {
  demo = await api.clientConfig('demo');
});

const HEMOGRAMA = { id: HEMOGRAMA_ID, name: 'Hemograma', price: 8990, type: 'panel' } as CartItem;

function renderDate(booking: Booking | null, { managing = false } = {}) {
  const stores = createWidgetStores('demo');
  cartActions(stores.cart).addItem(HEMOGRAMA, { patientIndex: 0 });
  return renderStep(<DateStep />, {
    step: 'date',
    stepList: managing ? MANAGE_BOOKING_STEP_LIST : DEFAULT_STEP_LIST,
    client: demo,
    stores,
    toasts: true,
    session: {
      addressData: APOQUINDO_ADDRESS,
      appointmentId: booking?.id ?? null,
      appointmentToken: booking?.token ?? null,
      managingBooking: managing,
    },
  });
}

const continueButton = () => button('Continuar') as HTMLButtonElement;
const times = () => [...document.querySelectorAll<HTMLButtonElement>('.visita-time')];
const pressedDay = () => document.querySelector<HTMLButtonElement>('.visita-day[aria-pressed="true"]');
const summary = () => screen.getByText('Horario seleccionado:').parentElement?.textContent ?? '';

async function firstDayPicked() {
  await waitFor(() => expect(pressedDay()).not.toBeNull(), { timeout: 8000 });
  await waitFor(() => expect(screen.queryByText('Cargando disponibilidad')).toBeNull(), { timeout: 8000 });
}

describe("'Fecha y hora de atención', against the real availability", () => {
  it('says what is missing without an appointment, and offers nothing to hold', () => {
    renderDate(null);
    expect(screen.getByRole('alert').textContent).toBe(
      'No se pudo obtener la dirección o el id de la cita no existe',
    );
    expect(screen.getByText('No hay disponibilidad')).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
  });

  it('picks the first day and time offered, lets another be chosen, and holds the chosen block', async () => {
    const booking = await createAppointment(api);
    const { stores } = renderDate(booking);
    await firstDayPicked();
    expect(screen.getByText(/^Semana del \d{2} de [a-z]+ al \d{2} de [a-z]+$/)).toBeTruthy();
    // Only offered days can be chosen; the first time of the day is chosen with it.
    const day = pressedDay() as HTMLButtonElement;
    expect(day.disabled).toBe(false);
    const [first] = times() as [HTMLButtonElement];
    expect(first.getAttribute('aria-pressed')).toBe('true');
    const [begin, end] = (first.textContent ?? '').split(' - ');
    expect(summary()).toContain(`, de ${begin} a ${end}`);
    expect(summary().toLowerCase()).toContain(day.getAttribute('aria-label')?.split(' ')[0]);
    // Late in the day today may offer one time only: another day offers a second one.
    for (const other of document.querySelectorAll<HTMLButtonElement>('.visita-day:not([disabled])')) {
      if (times().length >= 2) break;
      await userEvent.click(other);
    }
    const second = times()[1] as HTMLButtonElement;
    await userEvent.click(second);
    expect(second.getAttribute('aria-pressed')).toBe('true');
    const [secondBegin, secondEnd] = (second.textContent ?? '').split(' - ');
    expect(summary()).toContain(`, de ${secondBegin} a ${secondEnd}`);
    const chosen = secondBegin ?? '?';
    await userEvent.click(continueButton());
    await waitFor(() => expect(stores.flow.getState().step).toBe('patient'), { timeout: 8000 });
    expect(stores.session.getState().selectedBlock?.begin_date).toContain(chosen);
    expect(stores.session.getState().holdExpiresAt).toEqual(expect.any(String));
  });

  it("asks availability as the product's call does: the address's commune and region, include_source_only and the beta header", async () => {
    const booking = await createAppointment(api);
    const sent: Request[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      sent.push(new Request(input as RequestInfo, init));
      return realFetch(input, init);
    };
    try {
      renderDate(booking);
      await firstDayPicked();
    } finally {
      globalThis.fetch = realFetch;
    }
    const asked = sent.filter((request) => new URL(request.url).pathname === '/api/v2/time-availability/');
    expect(asked.length).toBeGreaterThan(0);
    for (const request of asked) {
      const query = new URL(request.url).searchParams;
      expect(query.get('locality')).toBe('Las Condes');
      expect(query.get('region')).toBe('Región Metropolitana de Santiago');
      expect(query.get('include_source_only')).toBe('true');
      expect(request.headers.get('x-polygon-beta-tester')).toBe('true');
    }
  });

  it('moves between weeks within the horizon, never before the current one', async () => {
    const booking = await createAppointment(api);
    renderDate(booking);
    await firstDayPicked();
    const label = () => screen.getByText(/^Semana del /).textContent;
    const shown = label();
    await userEvent.click(button('Semana siguiente'));
    expect(label()).not.toBe(shown);
    await userEvent.click(button('Semana anterior'));
    expect(label()).toBe(shown);
  });

  it('keeps the chosen day and time while weeks are browsed, and says one thing per arrow press', async () => {
    const booking = await createAppointment(api);
    renderDate(booking);
    await firstDayPicked();
    const chosenDay = pressedDay()?.getAttribute('aria-label') ?? '?';
    const chosenSummary = summary();
    // What a screen reader is told: every live region (aria-live, status, alert) changed in between.
    const step = document.querySelector('section.visita-step') as HTMLElement;
    const liveRegionOf = (node: Node | null) =>
      (node instanceof Element ? node : node?.parentElement)?.closest(
        '[aria-live], [role="status"], [role="alert"]',
      );
    const told = new Set<Element>();
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const region = liveRegionOf(record.target);
        if (region) told.add(region);
        for (const added of record.addedNodes) {
          if (added instanceof Element) {
            const inner = added.matches('[aria-live], [role="status"], [role="alert"]')
              ? added
              : added.querySelector('[aria-live], [role="status"], [role="alert"]');
            if (inner) told.add(inner);
          }
        }
      }
    });
    observer.observe(step, { subtree: true, childList: true, characterData: true });
    const next = button('Semana siguiente') as HTMLButtonElement;
    for (let week = 0; week < 3 && !next.disabled; week++) {
      told.clear();
      await userEvent.click(next);
      await waitFor(() => expect(screen.queryByText('Cargando disponibilidad')).toBeNull(), {
        timeout: 8000,
      });
      expect([...told].map((region) => region.textContent)).toEqual([expect.stringMatching(/^Semana del /)]);
      // The choice made on the first week stays: said in the summary, and Continuar goes on with it.
      expect(summary()).toBe(chosenSummary);
      expect(continueButton().disabled).toBe(false);
      // No day of this week is shown as chosen unless it is the chosen one.
      const pressed = pressedDay();
      if (pressed) expect(pressed.getAttribute('aria-label')).toBe(chosenDay);
    }
    observer.disconnect();
    // Back on its week, the chosen day and time are shown pressed.
    const previous = button('Semana anterior') as HTMLButtonElement;
    while (!previous.disabled && pressedDay()?.getAttribute('aria-label') !== chosenDay) {
      await userEvent.click(previous);
    }
    expect(pressedDay()?.getAttribute('aria-label')).toBe(chosenDay);
    expect(summary()).toBe(chosenSummary);
  });

  it('reads each time with its day, and keeps the focus on an arrow at the last week', async () => {
    const booking = await createAppointment(api);
    renderDate(booking);
    await firstDayPicked();
    const day = pressedDay()?.getAttribute('aria-label') ?? '?';
    const [time] = times();
    const described = document.getElementById(time?.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(day);
    const next = button('Semana siguiente') as HTMLButtonElement;
    for (let week = 0; week < 8 && !next.disabled; week++) await userEvent.click(next);
    expect(next.disabled).toBe(true);
    // Pressing the last 'Semana siguiente' disabled it: the focus is on 'Semana anterior', not the page.
    expect(document.activeElement).toBe(button('Semana anterior'));
    await userEvent.keyboard('{Enter}');
    expect(next.disabled).toBe(false);
  });

  it('makes the days and the times one Tab stop each, moved within by the arrows, pressed by Enter', async () => {
    const booking = await createAppointment(api);
    const { stores } = renderDate(booking);
    await firstDayPicked();
    const tabStops = (group: Element[]) => group.filter((item) => item.getAttribute('tabindex') === '0');
    const days = [...document.querySelectorAll<HTMLButtonElement>('.visita-day')];
    expect(tabStops(days)).toEqual([pressedDay()]);
    expect(tabStops(times())).toHaveLength(1);
    pressedDay()?.focus();
    const open = days.filter((day) => !day.disabled);
    const from = open.indexOf(document.activeElement as HTMLButtonElement);
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(open[open.length - 1]);
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(open[0]);
    if (open.length > 1) {
      await userEvent.keyboard('{ArrowRight}');
      expect(document.activeElement).toBe(open[1]);
      await userEvent.keyboard('{Enter}');
      expect(pressedDay()).toBe(open[1]);
    }
    expect(from).toBeGreaterThanOrEqual(0);
    // The times: the chosen one is the stop; the arrows move, Space presses.
    const [first, second] = times();
    first?.focus();
    if (second) {
      await userEvent.keyboard('{ArrowDown}');
      expect(document.activeElement).toBe(second);
      await userEvent.keyboard(' ');
      expect(second.getAttribute('aria-pressed')).toBe('true');
      expect(tabStops(times())).toEqual([second]);
    }
    expect(stores.flow.getState().step).toBe('date');
  });

  it('moves a confirmed booking to another time without holding or paying, and says so', async () => {
    const booking = await confirmedBooking(api);
    const before = await api.call<{ local_begin_date: string }>(
      'GET',
      `/api/v2/appointments/${booking.id}/booking/`,
      { headers: { 'x-appointment-token': booking.token } },
    );
    const { stores } = renderDate(booking, { managing: true });
    await firstDayPicked();
    // Another time than the first one offered (the booked one may be it).
    const other = times().find(
      (time) => !before.body.local_begin_date.includes(time.textContent?.split(' - ')[0] ?? '?'),
    );
    if (!other) throw new Error('only one time offered');
    await userEvent.click(other);
    await userEvent.click(continueButton());
    expect(await screen.findByText('Cambiamos la fecha de tu visita.', {}, { timeout: 8000 })).toBeTruthy();
    expect(stores.flow.getState().step).toBe('manage-booking');
    const after = await api.call<{ local_begin_date: string }>(
      'GET',
      `/api/v2/appointments/${booking.id}/booking/`,
      { headers: { 'x-appointment-token': booking.token } },
    );
    expect(after.body.local_begin_date).not.toBe(before.body.local_begin_date);
  });
});
