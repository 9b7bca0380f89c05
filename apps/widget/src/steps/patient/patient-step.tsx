import { useCopy } from '../../copy/use-copy.ts';
import { PendingStep } from '../../ui/pending-step.tsx';

/** The 'patient' step: not built yet. */
export function PatientStep() {
  const copy = useCopy();
  return <PendingStep text={copy.shell.stepInProgress} />;
}
