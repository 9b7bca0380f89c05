import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWidgetStores, type WidgetStores, WidgetStoresProvider } from '../stores/widget-stores.tsx';
import { HoldTimer } from './hold-timer.tsx';
import { Toaster } from './toaster.tsx';

/** What screen readers read out as it changes: a live region, by its role or its attribute. */
const LIVE_REGION =
  '[aria-live], [role="alert"], [role="status"], [role="log"], [role="marquee"], [role="timer"]';

function renderWith(stores: WidgetStores, ui: React.ReactElement) {
  return render(
    <WidgetStoresProvider clientId="demo" stores={stores}>
      {ui}
    </WidgetStoresProvider>,
  );
}

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('announce an error assertively and other toasts politely, each for its time', () => {
    const stores = createWidgetStores('demo');
    renderWith(stores, <Toaster />);
    act(() => {
      stores.toast.getState().show('error', 'No hay disponibilidad', 5000);
      stores.toast.getState().show('success', 'Listo');
    });
    expect(screen.getByRole('alert').textContent).toBe('No hay disponibilidad');
    expect(screen.getByRole('status').textContent).toBe('Listo');
    // A success lasts 2 s, the error the 5 s it was given.
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('alert')).toBeTruthy();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sit each in one live region only, never inside another (a screen reader would read it twice)', () => {
    const stores = createWidgetStores('demo');
    renderWith(stores, <Toaster />);
    act(() => {
      stores.toast.getState().show('error', 'No hay disponibilidad', 5000);
      stores.toast.getState().show('success', 'Listo');
    });
    for (const text of ['No hay disponibilidad', 'Listo']) {
      const regions: Element[] = [];
      for (let node: Element | null = screen.getByText(text); node; node = node.parentElement) {
        if (node.matches(LIVE_REGION)) regions.push(node);
      }
      expect(regions.map((region) => region.textContent)).toEqual([text]);
    }
  });

  it('two widgets on a page keep their toasts apart', () => {
    const first = createWidgetStores('demo');
    const second = createWidgetStores('demo-mx');
    renderWith(first, <Toaster />);
    renderWith(second, <Toaster />);
    act(() => first.toast.getState().show('error', 'Solo en el primero', 5000));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Solo en el primero']);
  });
});

describe('the hold countdown on screen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down each second in words, not as a live region, and says when the hold lapsed', () => {
    vi.setSystemTime(Date.parse('2026-11-23T12:00:00Z'));
    const stores = createWidgetStores('demo');
    stores.session.getState().update({ holdExpiresAt: '2026-11-23T12:00:02Z' });
    renderWith(
      stores,
      <HoldTimer text={(time) => `Reservado por ${time}.`} expiredText="La reserva venció." />,
    );
    const timer = screen.getByTestId('hold-timer');
    expect(timer.textContent).toBe('Reservado por 2 segundos.');
    expect(timer.getAttribute('aria-live')).toBe('off');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe('Reservado por 1 segundo.');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe('La reserva venció.');
  });
});
