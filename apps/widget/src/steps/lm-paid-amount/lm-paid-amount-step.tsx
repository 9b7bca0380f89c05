import { useCopy } from '../../copy/use-copy.ts';
import { PendingStep } from '../../ui/pending-step.tsx';

/** The 'lm-paid-amount' step: not built yet. */
export function LmPaidAmountStep() {
  const copy = useCopy();
  return <PendingStep text={copy.shell.stepInProgress} />;
}
