import { TOAST_DURATION_MS } from '@visita/domain/constants';
import { UNKNOWN_ERROR_TOAST_MESSAGE } from '@visita/domain/messages';
import { Component, type ReactNode, useEffect } from 'react';
import type { StoreApi } from 'zustand';
import type { ToastStore } from '../stores/toast-store.ts';
import { useWidgetStores } from '../stores/widget-stores.tsx';

const RETRY_LABEL = 'Reintentar';

/** An abort is a request a newer one replaced, never a failure to tell a person about. */
function isAbort(reason: unknown): boolean {
  return reason instanceof DOMException && reason.name === 'AbortError';
}

function showUnknownError(toast: StoreApi<ToastStore>): void {
  toast.getState().show('error', UNKNOWN_ERROR_TOAST_MESSAGE, TOAST_DURATION_MS);
}

/**
 * A failure nobody caught (a promise of a button's handler, an exception in an event handler)
 * still tells the person something went wrong, instead of a button that silently does nothing.
 */
export function useUnexpectedFailureToast(): void {
  const stores = useWidgetStores();
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      if (!isAbort(event.reason)) showUnknownError(stores.toast);
    };
    const onError = (event: ErrorEvent) => {
      // Errors of scripts from another origin carry no detail and are not ours to report.
      if (event.error !== null && event.error !== undefined && !isAbort(event.error))
        showUnknownError(stores.toast);
    };
    window.addEventListener('unhandledrejection', onRejection);
    window.addEventListener('error', onError);
    return () => {
      window.removeEventListener('unhandledrejection', onRejection);
      window.removeEventListener('error', onError);
    };
  }, [stores]);
}

interface BoundaryProps {
  toast: StoreApi<ToastStore>;
  children: ReactNode;
}

/**
 * A step that throws while drawing keeps the shell (title, back, close) and the toast, with a
 * way to try the step again, instead of an empty widget.
 */
export class StepErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    showUnknownError(this.props.toast);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="visita-step" role="alert">
        <p className="visita-step__subtitle">{UNKNOWN_ERROR_TOAST_MESSAGE}</p>
        <div className="visita-step__actions">
          <button type="button" className="visita-button" onClick={() => this.setState({ failed: false })}>
            {RETRY_LABEL}
          </button>
        </div>
      </section>
    );
  }
}
