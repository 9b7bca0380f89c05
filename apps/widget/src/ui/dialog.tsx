import { type ReactNode, useEffect, useId, useLayoutEffect, useRef } from 'react';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children?: ReactNode;
  /** Footer actions; the dialog focuses its first focusable element on open. */
  actions?: ReactNode;
  /** 'error' shows the error icon (the out-of-coverage dialog). */
  icon?: 'error' | null;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: role="dialog" aria-modal, focus moves in on open, Tab cycles inside (focus
 * trap), Escape closes, and focus returns to what had it before opening.
 */
export function Dialog({ open, title, onClose, children, actions, icon }: DialogProps) {
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const box = boxRef.current;
    const focusables = () => [...(box?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    (focusables()[0] ?? box)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const list = focusables();
      if (list.length === 0) {
        event.preventDefault();
        return;
      }
      const first = list[0] as HTMLElement;
      const last = list[list.length - 1] as HTMLElement;
      if (event.shiftKey && (document.activeElement === first || !box?.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (
        !event.shiftKey &&
        (document.activeElement === last || !box?.contains(document.activeElement))
      ) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previous?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div className="visita-dialog__backdrop">
      <div
        ref={boxRef}
        className="visita-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        {icon === 'error' ? (
          <span className="visita-dialog__icon visita-dialog__icon--error" aria-hidden="true">
            !
          </span>
        ) : null}
        <h2 id={titleId} className="visita-dialog__title">
          {title}
        </h2>
        {children ? <div className="visita-dialog__body">{children}</div> : null}
        {actions ? <div className="visita-dialog__actions">{actions}</div> : null}
      </div>
    </div>
  );
}
