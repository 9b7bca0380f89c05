import { useCopy } from '../../copy/use-copy.ts';
import { PendingStep } from '../../ui/pending-step.tsx';

/** The 'terms-and-conditions' step: not built yet. */
export function TermsAndConditionsStep() {
  const copy = useCopy();
  return <PendingStep text={copy.shell.stepInProgress} />;
}
