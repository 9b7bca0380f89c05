import type { ButtonHTMLAttributes, MouseEvent } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** 'primary' (filled, the partner colour), 'secondary' (outlined) or 'link' (text). */
  variant?: 'primary' | 'secondary' | 'link';
  /** Shows the button busy (aria-busy) and unusable, still focusable. */
  loading?: boolean;
}

/**
 * The widget's button: type="button" unless told, visible focus from the theme. A busy button is
 * aria-disabled, not disabled: a 'Continuar' pressed and waiting for its call keeps the focus
 * (a natively disabled one drops it to the page, and browsers now reset it there after any
 * handler moved it), and presses while busy do nothing.
 */
export function Button({
  variant = 'primary',
  loading = false,
  className,
  disabled,
  type,
  onClick,
  ...rest
}: ButtonProps) {
  const classes = ['visita-button', `visita-button--${variant}`, className].filter(Boolean).join(' ');
  const busy = loading && !disabled;
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={loading || undefined}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (busy) {
          // A submit button's press (or Enter in its form) must not send the form again.
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...rest}
    />
  );
}
