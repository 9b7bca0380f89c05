import type { ReactNode } from 'react';
import type { Copy } from '../copy/catalogue.ts';

type ShellMode = 'full-page' | 'modal';

export interface ShellProps {
  mode: ShellMode;
  copy: Copy;
  clientName: string;
  logoUrl: string | null;
  showBanner: boolean;
  /** 'Operado por' or 'En alianza con'; null hides the footer. */
  footer: 'operated' | 'alliance' | null;
  onBack: (() => void) | null;
  onClose: (() => void) | null;
  help: ReactNode;
  children: ReactNode;
}

/**
 * The page around every step: full-page (banner and background) or a boxed modal (close button,
 * partner logo banner, 'Volver', at most 45rem tall), with the footer rules
 */
export function Shell({
  mode,
  copy,
  clientName,
  logoUrl,
  showBanner,
  footer,
  onBack,
  onClose,
  help,
  children,
}: ShellProps) {
  return (
    <div className={`visita-shell visita-shell--${mode}`}>
      <div className="visita-shell__box">
        {showBanner || mode === 'modal' ? (
          <header className="visita-banner">
            {logoUrl ? (
              <img className="visita-banner__logo" src={logoUrl} alt={clientName} />
            ) : (
              <span className="visita-banner__name">{clientName}</span>
            )}
            {onClose ? (
              <button
                type="button"
                className="visita-banner__close"
                onClick={onClose}
                aria-label={copy.shell.close}
              >
                <span aria-hidden="true">×</span>
              </button>
            ) : null}
          </header>
        ) : null}
        <div className="visita-shell__body">
          {onBack ? (
            <button type="button" className="visita-back" onClick={onBack}>
              <span aria-hidden="true">‹ </span>
              {copy.shell.back}
            </button>
          ) : null}
          <main className="visita-shell__content">{children}</main>
        </div>
        {help}
        {footer ? (
          <footer className="visita-footer">
            <span>{footer === 'alliance' ? copy.shell.inAllianceWith : copy.shell.operatedBy}</span>
            <img src="/visita-logo.svg" alt={copy.app.brand} width={90} height={24} />
          </footer>
        ) : null}
      </div>
    </div>
  );
}
