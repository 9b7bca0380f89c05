import { useCopy } from '../../copy/use-copy.ts';
import { PendingStep } from '../../ui/pending-step.tsx';

/** The 'schedule-type' step: not built yet. */
export function ScheduleTypeStep() {
  const copy = useCopy();
  return <PendingStep text={copy.shell.stepInProgress} />;
}
