import { useCopy } from '../../copy/use-copy.ts';
import { PendingStep } from '../../ui/pending-step.tsx';

/** The 'uploading-order' step: not built yet. */
export function UploadingOrderStep() {
  const copy = useCopy();
  return <PendingStep text={copy.shell.stepInProgress} />;
}
