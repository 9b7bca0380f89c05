import { useId } from 'react';
import type { Copy } from '../copy/catalogue.ts';

/** 'Necesitas ayuda…' with the channel's contact and its hours in a tooltip. */
export function HelpFooter({ help }: { help: Copy['help'] }) {
  const hoursId = useId();
  const external = help.action.kind === 'whatsapp';
  return (
    <aside className="visita-help" aria-label={help.question}>
      <span className="visita-help__question">{help.question}</span>{' '}
      <a
        className="visita-help__action"
        href={help.action.href}
        aria-describedby={hoursId}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {help.action.label}
      </a>
      <span className="visita-tooltip">
        <button type="button" className="visita-tooltip__trigger" aria-describedby={hoursId}>
          <span aria-hidden="true">?</span>
          <span className="visita-visually-hidden">{help.hoursLabel}</span>
        </button>
        <span role="tooltip" id={hoursId} className="visita-tooltip__content">
          {help.hoursLabel}: {help.hours}
        </span>
      </span>
    </aside>
  );
}
