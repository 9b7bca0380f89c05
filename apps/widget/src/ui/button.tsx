import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** 'primary' (filled, the partner colour), 'secondary' (outlined) or 'link' (text). */
  variant?: 'primary' | 'secondary' | 'link';
  /** Shows the button busy (aria-busy) and disabled. */
  loading?: boolean;
}

/** The widget's button: type="button" unless told, visible focus from the theme. */
export function Button({
  variant = 'primary',
  loading = false,
  className,
  disabled,
  type,
  ...rest
}: ButtonProps) {
  const classes = ['visita-button', `visita-button--${variant}`, className].filter(Boolean).join(' ');
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    />
  );
}
