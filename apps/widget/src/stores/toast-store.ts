import { createStore } from 'zustand/vanilla';

export type ToastKind = 'error' | 'success' | 'blank' | 'loading' | 'custom';

/** Error 4000 ms, success 2000 ms, blank and custom 4000 ms, loading no limit. */
export const TOAST_DURATIONS: Readonly<Record<ToastKind, number>> = {
  error: 4000,
  success: 2000,
  blank: 4000,
  custom: 4000,
  loading: Number.POSITIVE_INFINITY,
};
/** At most 20 toasts at once; the oldest goes first. */
export const TOAST_LIMIT = 20;

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  duration: number;
}

export interface ToastStore {
  toasts: Toast[];
  /** Shows a toast; `duration` overrides the kind's (the product's 5 s and 10 s toasts). Returns its id. */
  show(kind: ToastKind, message: string, duration?: number): number;
  dismiss(id: number): void;
}

export function createToastStore() {
  let nextId = 1;
  return createStore<ToastStore>()((set) => ({
    toasts: [],
    show: (kind, message, duration) => {
      const id = nextId++;
      const toast: Toast = { id, kind, message, duration: duration ?? TOAST_DURATIONS[kind] };
      set((state) => ({ toasts: [...state.toasts, toast].slice(-TOAST_LIMIT) }));
      return id;
    },
    dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
  }));
}
