import { useCopy } from '../../copy/use-copy.ts';
import { PendingStep } from '../../ui/pending-step.tsx';

/** The 'order-received' step: not built yet. */
export function OrderReceivedStep() {
  const copy = useCopy();
  return <PendingStep text={copy.shell.stepInProgress} />;
}
