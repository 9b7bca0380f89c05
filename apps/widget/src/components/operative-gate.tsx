import type { ReactNode } from 'react';
import { useOperativeStatus } from '../api/operative-status.ts';
import { useRequestContext } from '../api/use-request-context.ts';
import { OPERATIVE_COPY } from '../copy/operative.ts';
import { useSession } from '../stores/widget-stores.tsx';

/**
 * The operative wrapper: checks the sales source's operative status on load;
 * while it loads the step shows (active is true by default); inactive shows the sold-out panel.
 */
export function OperativeGate({ children }: { children: ReactNode }) {
  const salesSource = useSession((state) => state.salesSource);
  const status = useOperativeStatus(salesSource, useRequestContext());
  if (status.data && !status.data.active) {
    return (
      <section className="visita-step visita-sold-out" aria-labelledby="visita-sold-out-title">
        <h1 id="visita-sold-out-title" className="visita-step__title">
          {OPERATIVE_COPY.soldOutTitle}
        </h1>
        <p className="visita-step__subtitle">{OPERATIVE_COPY.soldOutText}</p>
      </section>
    );
  }
  return children;
}
