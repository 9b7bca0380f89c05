import {
  canContinueUpload,
  decideCompressed,
  decideUpload,
  FILE_ERROR_MESSAGE,
  fileOfSelection,
  uploadButtonLabel,
} from '@visita/domain/files';
import { useRef, useState } from 'react';
import {
  CONTINUE_BUTTON,
  FILES_LIST_LABEL,
  PROCESSING_FILE,
  REMOVE_FILE,
  removeFileLabel,
  UPLOAD_ORDER_HINT,
  UPLOAD_ORDER_SUBTITLE,
  UPLOAD_ORDER_TITLE,
} from '../../copy/upload-order.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { useSession } from '../../stores/widget-stores.tsx';
import { FormError, Spinner, StepHeading } from '../../ui/form.tsx';
import { Button } from '../../ui/button.tsx';
import { resizeImage } from './resize-image.ts';

/** 'Sube tu orden médica': one file per selection, images over 3 MB resized. */
export function UploadOrderStep() {
  const { next } = useNavigation();
  const files = useSession((state) => state.fileArray);
  const update = useSession((state) => state.update);
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);

  const add = (file: File) => update({ fileArray: [...files, file] });

  const choose = async (list: FileList | null) => {
    const file = fileOfSelection(list);
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    setError(null);
    const decision = decideUpload({ type: file.type, size: file.size });
    if (decision.action === 'reject') {
      setError(decision.message);
      return;
    }
    if (decision.action === 'add') {
      add(file);
      return;
    }
    setProcessing(true);
    try {
      const resized = await resizeImage(file, decision.maxSide, decision.quality);
      const after = decideCompressed(resized.size);
      if (after.action === 'reject') setError(after.message);
      else add(resized);
    } catch {
      setError(FILE_ERROR_MESSAGE);
    } finally {
      setProcessing(false);
    }
  };

  return (
    <section className="visita-step" aria-labelledby="visita-upload-title">
      <StepHeading id="visita-upload-title">{UPLOAD_ORDER_TITLE}</StepHeading>
      <p className="visita-step__subtitle">{UPLOAD_ORDER_SUBTITLE}</p>
      <p className="visita-step__subtitle" id="visita-upload-hint">
        {UPLOAD_ORDER_HINT}
      </p>
      <input
        ref={inputRef}
        type="file"
        className="visita-visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
        data-testid="order-file-input"
        onChange={(event) => void choose(event.target.files)}
      />
      <Button
        aria-describedby="visita-upload-hint"
        loading={processing}
        onClick={() => inputRef.current?.click()}
      >
        {uploadButtonLabel(files.length)}
      </Button>
      {processing ? <Spinner label={PROCESSING_FILE} /> : null}
      <FormError message={error} />
      {files.length > 0 ? (
        <ul className="visita-files" aria-label={FILES_LIST_LABEL}>
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <span>{file.name}</span>
              <button
                type="button"
                className="visita-link"
                aria-label={removeFileLabel(file.name)}
                onClick={() => update({ fileArray: files.filter((_, i) => i !== index) })}
              >
                {REMOVE_FILE}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="visita-step__actions">
        <button
          type="button"
          className="visita-button"
          disabled={!canContinueUpload(files.length)}
          onClick={next}
        >
          {CONTINUE_BUTTON}
        </button>
      </div>
    </section>
  );
}
