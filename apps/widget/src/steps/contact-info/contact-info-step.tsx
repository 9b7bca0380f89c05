import { useCopy } from '../../copy/use-copy.ts';
import { PendingStep } from '../../ui/pending-step.tsx';

/** The 'contact-info' step: not built yet. */
export function ContactInfoStep() {
  const copy = useCopy();
  return <PendingStep text={copy.shell.stepInProgress} />;
}
