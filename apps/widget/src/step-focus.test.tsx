import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from './app.tsx';
import { button, openPage } from './test-support/booking-actions.ts';
import { withRealApi } from './test-support/real-api.ts';

withRealApi();

const heading = (name: string | RegExp) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 15_000 });

const focusOnPage = () => document.activeElement === null || document.activeElement === document.body;

/**
 * Records every moment the focus was on the page's body: after each change of the document (a
 * step leaving, a loader coming) and after each time the focus left an element.
 */
function watchFocus() {
  const lost: string[] = [];
  const check = (when: string) => {
    if (focusOnPage()) lost.push(when);
  };
  const observer = new MutationObserver(() => check('after a change of the page'));
  observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  const onFocusOut = () => queueMicrotask(() => check('after the focus left an element'));
  document.addEventListener('focusout', onFocusOut);
  return {
    lost,
    stop: () => {
      observer.disconnect();
      document.removeEventListener('focusout', onFocusOut);
    },
  };
}

/** The first screen of `demo`, its title focused. */
async function introduction() {
  openPage('/demo');
  render(<App clientId="demo" />);
  const title = await heading('Exámenes y vacunas a domicilio');
  await waitFor(() => expect(document.activeElement).toBe(title));
}

afterEach(() => openPage('/'));

describe('the focus when the step changes', () => {
  it('goes at once to a busy region that says the next step is loading, then to its title: never to the page', async () => {
    await introduction();
    const probe = watchFocus();
    try {
      const next = button('Continuar');
      next.focus();
      // The next step's code is not loaded yet: at once, in the same task, a busy region that
      // says so holds the focus.
      fireEvent.click(next);
      const busy = document.activeElement as HTMLElement;
      expect(busy.getAttribute('role')).toBe('status');
      expect(busy.getAttribute('aria-busy')).toBe('true');
      expect(busy.tabIndex).toBe(-1);
      expect(busy.textContent).toBe('Cargando');
      // Then the step's title, once the step shows.
      const title = await heading('¿Cómo quieres agendar?');
      await waitFor(() => expect(document.activeElement).toBe(title));
      expect(probe.lost).toEqual([]);
    } finally {
      probe.stop();
    }
  });

  it("leaves the focus where the person moved it while the step loaded: 'Volver' then goes back", async () => {
    await introduction();
    fireEvent.click(button('Continuar'));
    // While the step loads, the person moves to 'Volver' (as Tab, or a test's press, would).
    const back = button('Volver');
    back.focus();
    await heading('¿Cómo quieres agendar?');
    // The title appeared, and the focus stayed where the person put it.
    expect(document.activeElement).toBe(back);
    await userEvent.keyboard('{Enter}');
    const title = await heading('Exámenes y vacunas a domicilio');
    // Back on a step that shows at once: its title takes the focus, as on every step change.
    await waitFor(() => expect(document.activeElement).toBe(title));
  });

  it("moves the focus to each next step's title, even from a button that stays on the screen", async () => {
    await introduction();
    fireEvent.click(button('Continuar'));
    button('Volver').focus();
    await heading('¿Cómo quieres agendar?');
    // The person goes on from here: the next step takes the focus again.
    button('Continuar').focus();
    await userEvent.keyboard('{Enter}');
    const address = await heading('¿Dónde te visitamos?');
    await waitFor(() => expect(document.activeElement).toBe(address));
    // 'Volver' stays on the screen; the step it opens takes the focus from it.
    const back = button('Volver');
    back.focus();
    await userEvent.keyboard('{Enter}');
    const scheduleType = await heading('¿Cómo quieres agendar?');
    await waitFor(() => expect(document.activeElement).toBe(scheduleType));
  });
});
