import { type ChangeEvent, type ReactNode, type SelectHTMLAttributes, useId, useRef } from 'react';
import { Field, type FieldProps, useErrorRole } from './field.tsx';
import './form.css';
import { useEntryFocus } from './use-entry-focus.ts';

/** A step's title, focused on entry so screen readers start there. */
export function StepHeading({ id, children }: { id: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEntryFocus(ref);
  return (
    <h1 id={id} className="visita-step__title" tabIndex={-1} ref={ref}>
      {children}
    </h1>
  );
}

/** A field's error, announced when it appears (unless its form is quiet, see field.tsx). */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  const role = useErrorRole();
  if (!message) return null;
  return (
    <p id={id} className="visita-field__error" role={role}>
      {message}
    </p>
  );
}

/** An error above a form's Continue button, announced. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="visita-error" role="alert">
      {message}
    </p>
  );
}

type InputProps = Omit<FieldProps, 'onChange' | 'value' | 'label'> & {
  label: string;
  value: string;
  onValue: (value: string) => void;
};

/** The kit's text field (ui/field.tsx) for a controlled string value. */
export function TextField({ onValue, ...rest }: InputProps) {
  return <Field {...rest} onChange={(event: ChangeEvent<HTMLInputElement>) => onValue(event.target.value)} />;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValue: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string | null;
  placeholder?: string;
};

export function SelectField({
  label,
  value,
  onValue,
  options,
  error,
  id,
  placeholder,
  ...rest
}: SelectProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = `${selectId}-error`;
  return (
    <div className="visita-field">
      <label htmlFor={selectId} className="visita-field__label">
        {label}
      </label>
      <select
        id={selectId}
        className="visita-field__input"
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <span role="status" className="visita-row" style={{ alignItems: 'center', flex: 'none' }}>
      <span className="visita-spinner" aria-hidden="true" />
      <span className="visita-visually-hidden">{label}</span>
    </span>
  );
}
