import { createContext, type InputHTMLAttributes, type ReactNode, type Ref, useContext, useId } from 'react';

/**
 * Inside a form that, on a refused submit, moves the focus to its first invalid field (which then
 * reads its own message), the field messages are not live regions: seven of them at once would
 * be seven interruptions. Everywhere else a message is announced when it appears.
 */
const QuietErrors = createContext(false);
export function QuietFieldErrors({ children }: { children: ReactNode }) {
  return <QuietErrors.Provider value>{children}</QuietErrors.Provider>;
}
/** role="alert" for a field's message, unless its form says the focus will tell it. */
export function useErrorRole(): 'alert' | undefined {
  return useContext(QuietErrors) ? undefined : 'alert';
}

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The rule's message, shown under the field and tied to it (aria-invalid, aria-describedby). */
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Hides the label visually (it stays for screen readers). */
  hideLabel?: boolean;
  /** The message is said another way (a toast says the same refusal): not a live alert too. */
  quietError?: boolean;
}

/** A labelled text input with its error message. */
export function Field({
  label,
  error,
  hint,
  id,
  inputRef,
  hideLabel,
  quietError,
  className,
  ...input
}: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const contextRole = useErrorRole();
  const errorRole = quietError ? undefined : contextRole;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['visita-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={hideLabel ? 'visita-visually-hidden' : 'visita-field__label'}>
        {label}
      </label>
      <input
        id={inputId}
        ref={inputRef}
        className="visita-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="visita-field__hint">
          {hint}
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
