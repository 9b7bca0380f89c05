import { useCopy } from '../../copy/use-copy.ts';
import { PendingStep } from '../../ui/pending-step.tsx';

/** The 'payment' step: not built yet. */
export function PaymentStep() {
  const copy = useCopy();
  return <PendingStep text={copy.shell.stepInProgress} />;
}
