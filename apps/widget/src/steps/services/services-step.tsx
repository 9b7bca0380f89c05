import { useCopy } from '../../copy/use-copy.ts';
import { PendingStep } from '../../ui/pending-step.tsx';

/** The 'services' step: not built yet. */
export function ServicesStep() {
  const copy = useCopy();
  return <PendingStep text={copy.shell.stepInProgress} />;
}
