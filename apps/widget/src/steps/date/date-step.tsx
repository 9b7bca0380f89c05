import { useCopy } from '../../copy/use-copy.ts';
import { PendingStep } from '../../ui/pending-step.tsx';

/** The 'date' step: not built yet. */
export function DateStep() {
  const copy = useCopy();
  return <PendingStep text={copy.shell.stepInProgress} />;
}
