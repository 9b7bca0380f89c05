import { useEffect } from 'react';
import type { Toast } from '../stores/toast-store.ts';
import { useToasts } from '../stores/widget-stores.tsx';

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
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
      {toast.message}
    </div>
  );
}

/**
 * This instance's toasts, announced to screen readers (errors assertively). Each toast is its own
 * live region (an alert or a status) and the stack around them is none: a toast inside two live
 * regions was read twice.
 */
export function Toaster() {
  const toasts = useToasts((state) => state.toasts);
  const dismiss = useToasts((state) => state.dismiss);
  return (
    <div className="visita-toaster">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
      ))}
    </div>
  );
}

/** Shows a toast from a step: `toast('error', text)`, or with the product's own duration. */
export function useToast() {
  return useToasts((state) => state.show);
}
