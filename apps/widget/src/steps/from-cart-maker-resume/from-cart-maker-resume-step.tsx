import { useCopy } from '../../copy/use-copy.ts';
import { PendingStep } from '../../ui/pending-step.tsx';

/** The 'from-cart-maker-resume' step: not built yet. */
export function FromCartMakerResumeStep() {
  const copy = useCopy();
  return <PendingStep text={copy.shell.stepInProgress} />;
}
