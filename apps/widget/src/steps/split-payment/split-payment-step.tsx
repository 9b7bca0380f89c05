import { useCopy } from '../../copy/use-copy.ts';
import { PendingStep } from '../../ui/pending-step.tsx';

/** The 'split-payment' step: not built yet. */
export function SplitPaymentStep() {
  const copy = useCopy();
  return <PendingStep text={copy.shell.stepInProgress} />;
}
