import { useCopy } from '../../copy/use-copy.ts';
import { PendingStep } from '../../ui/pending-step.tsx';

/** The 'address-order' step: not built yet. */
export function AddressOrderStep() {
  const copy = useCopy();
  return <PendingStep text={copy.shell.stepInProgress} />;
}
