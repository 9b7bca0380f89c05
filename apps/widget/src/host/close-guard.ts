import { CLOSE_WARNING_MESSAGE, CLOSE_WARNING_MS } from '@visita/domain/close-warning';
import type { Step } from '@visita/domain/steps';
import { fundOf } from '../flow/use-partner-profile.ts';
import type { WidgetStores } from '../stores/widget-stores.tsx';
import { closeSession } from './close-session.ts';

const CONFIRMED_STEPS: ReadonlySet<Step> = new Set(['success', 'order-received']);

/**
 * Closing: for a benefits fund whose profile asks for it (its vaccine stock is limited), before
 * confirming in sdk mode, the first attempt shows the 10 s toast and the second closes. `warned`
 * is the instance's own memory of the first attempt. The wizard loads this module on the first
 * press of the close button: nobody needs it to see the first screen.
 */
export function guardedClose(stores: WidgetStores, warned: { current: boolean }): void {
  const session = stores.session.getState();
  const step = stores.flow.getState().step;
  const guarded =
    fundOf(session.clientData)?.close_warning === true &&
    session.origin === 'sdk' &&
    !CONFIRMED_STEPS.has(step);
  if (guarded && !warned.current) {
    warned.current = true;
    stores.toast.getState().show('error', CLOSE_WARNING_MESSAGE, CLOSE_WARNING_MS);
    return;
  }
  closeSession(stores);
}
