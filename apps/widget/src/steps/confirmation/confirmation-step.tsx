import { useCopy } from '../../copy/use-copy.ts';
import { PendingStep } from '../../ui/pending-step.tsx';

/** The 'confirmation' step: not built yet. */
export function ConfirmationStep() {
  const copy = useCopy();
  return <PendingStep text={copy.shell.stepInProgress} />;
}
