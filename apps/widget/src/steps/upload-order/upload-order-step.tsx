import { useCopy } from '../../copy/use-copy.ts';
import { PendingStep } from '../../ui/pending-step.tsx';

/** The 'upload-order' step: not built yet. */
export function UploadOrderStep() {
  const copy = useCopy();
  return <PendingStep text={copy.shell.stepInProgress} />;
}
