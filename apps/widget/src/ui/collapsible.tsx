import { type ReactNode, useId } from 'react';

export interface CollapsibleProps {
  title: ReactNode;
  open: boolean;
  onToggle: (open: boolean) => void;
  /** The toggle's text in each state, e.g. 'Ocultar detalle' / 'Ver detalle'. */
  openLabel: string;
  closedLabel: string;
  /** Extra controls beside the toggle (e.g. a delete button). */
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled panel whose body shows and hides; the toggle is a button with aria-expanded. */
export function Collapsible({
  title,
  open,
  onToggle,
  openLabel,
  closedLabel,
  actions,
  children,
}: CollapsibleProps) {
  const bodyId = useId();
  return (
    <section className="visita-collapsible">
      <div className="visita-collapsible__header">
        <h2 className="visita-collapsible__title">{title}</h2>
        <div className="visita-collapsible__controls">
          {actions}
          <button
            type="button"
            className="visita-button visita-button--link"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => onToggle(!open)}
          >
            {open ? openLabel : closedLabel}
          </button>
        </div>
      </div>
      <div id={bodyId} className="visita-collapsible__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
