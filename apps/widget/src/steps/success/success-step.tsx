import { useCopy } from '../../copy/use-copy.ts';
import { PendingStep } from '../../ui/pending-step.tsx';

/** The 'success' step: not built yet. */
export function SuccessStep() {
  const copy = useCopy();
  return <PendingStep text={copy.shell.stepInProgress} />;
}
