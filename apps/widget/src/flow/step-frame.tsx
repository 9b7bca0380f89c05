import { type ReactNode, useLayoutEffect } from 'react';
import { QueryProvider } from '../api/query-provider.tsx';
import { INVALID_APPOINTMENT_LINK_DETAIL, INVALID_APPOINTMENT_LINK_TITLE } from './appointment-link-copy.ts';
import { useFlow, useSession, useWidgetStores } from '../stores/widget-stores.tsx';
import { HoldTimer, showsHold } from '../components/hold-timer.tsx';
import { OperativeGate } from '../components/operative-gate.tsx';
import { loadFromQuery } from './load-from-query.ts';
import { StepHeading } from '../ui/form.tsx';
import { StepErrorBoundary, useUnexpectedFailureToast } from './unexpected-failures.tsx';

/**
 * Around every step, loaded after the entry: the instance's query cache, the start of the
 * session from the query (once), the operative wrapper, and the running hold on a block (its
 * countdown, warning and extension) on every step from the date step's hold to the booking.
 */
export function StepFrame({ children }: { children: ReactNode }) {
  const stores = useWidgetStores();
  const step = useFlow((state) => state.step);
  const run = useFlow((state) => state.run);
  const invalidLink = useSession((state) => state.invalidAppointmentLink);
  useUnexpectedFailureToast();
  // Before the first paint: the query's step list and step replace the default at once.
  useLayoutEffect(() => {
    void loadFromQuery(stores, window.location.search).finally(() =>
      stores.session.getState().update({ startLoaded: true }),
    );
  }, [stores]);
  return (
    <QueryProvider>
      <OperativeGate>
        {/* A new step starts with a clean slate. */}
        <StepErrorBoundary key={`${run}:${step}`} toast={stores.toast}>
          {invalidLink ? (
            <InvalidAppointmentLink />
          ) : showsHold(step) ? (
            <HoldTimer>{children}</HoldTimer>
          ) : (
            children
          )}
        </StepErrorBoundary>
      </OperativeGate>
    </QueryProvider>
  );
}

/**
 * What a link to an appointment that it does not open shows, instead of a step that fails later;
 * its title takes the focus from the busy region, as a step's does.
 */
function InvalidAppointmentLink() {
  return (
    <section className="visita-step" aria-labelledby="visita-invalid-link-title">
      <StepHeading id="visita-invalid-link-title">{INVALID_APPOINTMENT_LINK_TITLE}</StepHeading>
      <p className="visita-step__subtitle">{INVALID_APPOINTMENT_LINK_DETAIL}</p>
    </section>
  );
}
