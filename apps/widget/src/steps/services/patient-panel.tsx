import { type CartPatient, hasFonasa, patientItemPrice } from '@visita/domain/cart';
import { type CartItem, moreInfoPath } from '@visita/domain/cart-item';
import {
  FONASA_UNAVAILABLE_TOOLTIP,
  type FonasaTier,
  INSURANCE_TOGGLE_LABELS,
  isFonasaAvailableIn,
} from '@visita/domain/insurance';
import type { CountryCode } from '@visita/domain/locale';
import { NO_SERVICES_MESSAGE, PRICE_AT_HOME_TEXT } from '@visita/domain/messages';
import { formatCurrency } from '@visita/domain/money';
import { fastingText, subitemMessageFor } from '@visita/domain/results';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { usePartnerProfile } from '../../flow/use-partner-profile.ts';
import { useSession } from '../../stores/widget-stores.tsx';
import { SERVICES_COPY } from './copy.ts';
import { Collapsible } from '../../ui/collapsible.tsx';
import { ExamSearch } from './exam-search.tsx';
import { FonasaTierField } from '../../ui/fonasa-tier-field.tsx';

export interface PatientPanelProps {
  index: number;
  patient: CartPatient;
  countryCode: CountryCode;
  commune: string | null;
  open: boolean;
  onToggle: (open: boolean) => void;
  onDelete: (() => void) | null;
  onAdd: (item: CartItem) => void;
  onRemove: (item: CartItem) => void;
  onInsurance: (fonasa: boolean) => void;
  onFonasaTier: (tier: FonasaTier) => void;
  /** 'Selecciona tu tramo de Fonasa' once Continuar found the tier missing. */
  tierError: string | null;
  /** After the services, inside the panel: 'Agregar paciente', the coupon box and the price table. */
  footer?: ReactNode;
}

/** One patient's collapsible panel: search, insurance switch, chosen services, then the footer. */
export function PatientPanel({
  index,
  patient,
  countryCode,
  commune,
  open,
  onToggle,
  onDelete,
  onAdd,
  onRemove,
  onInsurance,
  onFonasaTier,
  tierError,
  footer,
}: PatientPanelProps) {
  const tooltipId = useId();
  const clientId = useSession((state) => state.clientId);
  // Where the exams are priced at the address, a row says so instead of a price nobody pays here.
  const priceAtHome = usePartnerProfile().rules.exam_price_at_home;
  const fonasaAvailable = isFonasaAvailableIn(commune);
  const title = SERVICES_COPY.patient(index);
  // After 'Eliminar' the button is gone: the focus goes to the next service's 'Eliminar' (or the
  // previous one when it was the last), or to the search when none is left, never to the page.
  const content = useRef<HTMLDivElement>(null);
  const removedAt = useRef<number | null>(null);
  useEffect(() => {
    const at = removedAt.current;
    if (at === null || !content.current) return;
    removedAt.current = null;
    const removes = [...content.current.querySelectorAll<HTMLButtonElement>('.visita-service > button')];
    const target = removes[Math.min(at, removes.length - 1)] ?? content.current.querySelector('input');
    target?.focus();
  }, [patient.items]);
  return (
    <Collapsible
      title={title}
      open={open}
      onToggle={onToggle}
      openLabel={SERVICES_COPY.hideDetail}
      closedLabel={SERVICES_COPY.showDetail}
      actions={
        onDelete ? (
          <button
            type="button"
            className="visita-button visita-button--link"
            onClick={onDelete}
            aria-label={`${SERVICES_COPY.deletePatient} ${index + 1}`}
          >
            {SERVICES_COPY.deletePatient}
          </button>
        ) : null
      }
    >
      <div ref={content} className="visita-patient-panel__content">
        <ExamSearch countryCode={countryCode} onPick={onAdd} panelOpen={open} />
        {countryCode === 'cl' ? (
          <div className="visita-tooltip">
            <label className="visita-switch">
              <input
                type="checkbox"
                role="switch"
                checked={hasFonasa(patient)}
                disabled={!fonasaAvailable}
                aria-describedby={fonasaAvailable ? undefined : tooltipId}
                onChange={(event) => onInsurance(event.target.checked)}
              />
              {INSURANCE_TOGGLE_LABELS.fonasa}
            </label>
            {fonasaAvailable ? null : (
              <span role="tooltip" id={tooltipId} className="visita-field__hint visita-fonasa-tooltip">
                {FONASA_UNAVAILABLE_TOOLTIP}
              </span>
            )}
          </div>
        ) : null}
        {countryCode === 'cl' && hasFonasa(patient) ? (
          <FonasaTierField value={patient.fonasaTier} onChange={onFonasaTier} error={tierError} />
        ) : null}
        {patient.items.length === 0 ? (
          <p className="visita-step__subtitle">{NO_SERVICES_MESSAGE}</p>
        ) : (
          <ul className="visita-services-list" aria-label={title}>
            {patient.items.map((item, position) => {
              const subitem = subitemMessageFor(item, patient.items);
              const fasting = fastingText(item.fast_hours);
              const path = moreInfoPath(item);
              // The page shows in the partner's colours.
              const link = path && clientId ? `${path}?client=${encodeURIComponent(clientId)}` : path;
              return (
                <li key={String(item.id)} className="visita-service">
                  <span>{item.name}</span>
                  <span>
                    {priceAtHome
                      ? PRICE_AT_HOME_TEXT
                      : formatCurrency(patientItemPrice(patient, item), countryCode)}
                  </span>
                  {subitem ? <p className="visita-service__info">{subitem}</p> : null}
                  {fasting ? <p className="visita-service__info">{`${item.name} ${fasting}`}</p> : null}
                  <span>
                    {link ? (
                      <a href={link} target="_blank" rel="noopener noreferrer">
                        {SERVICES_COPY.moreInfo}
                        <span className="visita-visually-hidden"> {item.name}</span>
                      </a>
                    ) : null}
                  </span>
                  <button
                    type="button"
                    className="visita-button visita-button--link"
                    onClick={() => {
                      removedAt.current = position;
                      onRemove(item);
                    }}
                    aria-label={`${SERVICES_COPY.remove} ${item.name}`}
                  >
                    {SERVICES_COPY.remove}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {footer}
      </div>
    </Collapsible>
  );
}
