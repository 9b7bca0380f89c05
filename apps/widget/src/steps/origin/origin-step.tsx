import { useCopy } from '../../copy/use-copy.ts';
import { PendingStep } from '../../ui/pending-step.tsx';

/** The 'origin' step: not built yet. */
export function OriginStep() {
  const copy = useCopy();
  return <PendingStep text={copy.shell.stepInProgress} />;
}
