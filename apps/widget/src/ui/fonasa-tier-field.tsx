import {
  FONASA_TIER_A_NOTE,
  FONASA_TIER_LABEL,
  FONASA_TIER_PLACEHOLDER,
  FONASA_TIERS,
  type FonasaTier,
  fonasaTierOptionLabel,
} from '@visita/domain/insurance';
import { useId } from 'react';
import { useErrorRole } from './field.tsx';

/**
 * 'Tramo Fonasa' for a person who has Fonasa: required, since tier A is priced as particular and
 * B, C and D with the copay; tier A says so beside the field.
 */
export function FonasaTierField({
  value,
  onChange,
  error,
}: {
  value: FonasaTier | null | undefined;
  onChange: (tier: FonasaTier) => void;
  error: string | null;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const errorRole = useErrorRole();
  const described = [error ? errorId : null, value === 'A' ? noteId : null].filter(Boolean).join(' ');
  return (
    <div className="visita-field" data-field="fonasa-tier">
      <label className="visita-field__label" htmlFor={id}>
        {FONASA_TIER_LABEL}
      </label>
      <select
        id={id}
        className="visita-field__input"
        value={value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => {
          const tier = FONASA_TIERS.find((known) => known === event.target.value);
          if (tier) onChange(tier);
        }}
      >
        <option value="" disabled>
          {FONASA_TIER_PLACEHOLDER}
        </option>
        {FONASA_TIERS.map((tier) => (
          <option key={tier} value={tier}>
            {fonasaTierOptionLabel(tier)}
          </option>
        ))}
      </select>
      {value === 'A' ? (
        <p id={noteId} className="visita-field__hint">
          {FONASA_TIER_A_NOTE}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="visita-field__error" role={errorRole}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
