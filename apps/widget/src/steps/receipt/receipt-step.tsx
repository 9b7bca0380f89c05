import { useCopy } from '../../copy/use-copy.ts';
import { PendingStep } from '../../ui/pending-step.tsx';

/** The 'receipt' step: not built yet. */
export function ReceiptStep() {
  const copy = useCopy();
  return <PendingStep text={copy.shell.stepInProgress} />;
}
