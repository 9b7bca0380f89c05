import { useCopy } from '../../copy/use-copy.ts';
import { PendingStep } from '../../ui/pending-step.tsx';

/** The 'address' step: not built yet. */
export function AddressStep() {
  const copy = useCopy();
  return <PendingStep text={copy.shell.stepInProgress} />;
}
