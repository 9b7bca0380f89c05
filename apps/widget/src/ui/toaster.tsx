import { modeConfigFor } from '@visita/domain/client';
import { inWording } from '@visita/domain/wording';
import { useEffect } from 'react';
import type { Toast } from '../stores/toast-store.ts';
import { useSession, useToasts } from '../stores/widget-stores.tsx';

function ToastItem({
  toast,
  onDismiss,
  nonBinary,
}: {
  toast: Toast;
  onDismiss: (id: number) => void;
  nonBinary: boolean;
}) {
  useEffect(() => {
    if (!Number.isFinite(toast.duration)) return;
    const timer = setTimeout(() => onDismiss(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);
  return (
    <div
      className={`visita-toast visita-toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
    >
      {inWording(toast.message, nonBinary)}
    </div>
  );
}

/** This instance's toasts, announced to screen readers (errors assertively). */
export function Toaster() {
  const toasts = useToasts((state) => state.toasts);
  const dismiss = useToasts((state) => state.dismiss);
  // Every toast in the partner's wording (show_non_binary_texts), whichever step raised it.
  const nonBinary = useSession((state) =>
    state.clientData ? modeConfigFor(state.clientData, state.origin).show_non_binary_texts === true : false,
  );
  return (
    <div className="visita-toaster" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} nonBinary={nonBinary} />
      ))}
    </div>
  );
}

/** Shows a toast from a step: `toast('error', text)`, or with the spec's own duration. */
export function useToast() {
  return useToasts((state) => state.show);
}
