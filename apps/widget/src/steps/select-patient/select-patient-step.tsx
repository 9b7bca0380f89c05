import { useCopy } from '../../copy/use-copy.ts';
import { PendingStep } from '../../ui/pending-step.tsx';

/** The 'select-patient' step: not built yet. */
export function SelectPatientStep() {
  const copy = useCopy();
  return <PendingStep text={copy.shell.stepInProgress} />;
}
