import {
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  useId,
  useRef,
} from 'react';
import './part-2.css';
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

/** A field's error, announced when it appears. */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="p2-error" role="alert">
      {message}
    </p>
  );
}

/** An error above a form's Continue button, announced. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="p2-error" role="alert">
      {message}
    </p>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | null;
};

/** A labelled text input whose error is tied to it (aria-invalid, aria-describedby). */
export function TextField({ label, value, onValue, error, id, ...rest }: InputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className="p2-field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...rest}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
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
    <div className="p2-field">
      <label htmlFor={selectId}>{label}</label>
      <select
        id={selectId}
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
    <span role="status" className="p2-row" style={{ alignItems: 'center', flex: 'none' }}>
      <span className="p2-spinner" aria-hidden="true" />
      <span className="visita-visually-hidden">{label}</span>
    </span>
  );
}
