import { CLOSE_WARNING_MESSAGE, CLOSE_WARNING_MS } from '@visita/domain/close-warning';
import type { Step } from '@visita/domain/steps';
import { useCallback, useRef } from 'react';
import { useWidgetStores } from '../stores/widget-stores.tsx';
import { closeSession } from './close-session.ts';

/**
 * The one source that warns before closing an unconfirmed booking in sdk mode (part 2 §4). The
 * spec does not name it; the compensation fund, whose vaccine stock is limited, is the one.
 */
export const CLOSE_WARNING_SALES_SOURCE = 'cajalosandes';
const CONFIRMED_STEPS: ReadonlySet<Step> = new Set(['success', 'order-received']);

/** Closing: for that source, before confirming, the first attempt shows the 10 s toast and the second closes. */
export function useGuardedClose(): () => void {
  const stores = useWidgetStores();
  const warned = useRef(false);
  return useCallback(() => {
    const session = stores.session.getState();
    const step = stores.flow.getState().step;
    const guarded =
      session.salesSource === CLOSE_WARNING_SALES_SOURCE &&
      session.origin === 'sdk' &&
      !CONFIRMED_STEPS.has(step);
    if (guarded && !warned.current) {
      warned.current = true;
      stores.toast.getState().show('error', CLOSE_WARNING_MESSAGE, CLOSE_WARNING_MS);
      return;
    }
    closeSession(stores);
  }, [stores]);
}
