import { useCopy } from '../../copy/use-copy.ts';
import { PendingStep } from '../../ui/pending-step.tsx';

/** The 'contact-order' step: not built yet. */
export function ContactOrderStep() {
  const copy = useCopy();
  return <PendingStep text={copy.shell.stepInProgress} />;
}
