import { PasswordInput } from '@mantine/core';
import { CONSOLE_PASSWORD_MIN } from '@visita/domain/contract/console';

/** A new password and its repetition. */
export function NewPasswordFields({
  password,
  repeat,
  onPassword,
  onRepeat,
}: {
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
}) {
  return (
    <>
      <PasswordInput
        label="Contraseña nueva"
        description={`Al menos ${CONSOLE_PASSWORD_MIN} caracteres, sin tu correo ni tu nombre.`}
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => onPassword(event.currentTarget.value)}
      />
      <PasswordInput
        label="Repite la contraseña nueva"
        autoComplete="new-password"
        required
        value={repeat}
        onChange={(event) => onRepeat(event.currentTarget.value)}
      />
    </>
  );
}

/** What is wrong with a new password before sending it, or null. */
export function newPasswordProblem(password: string, repeat: string): string | null {
  if (password.length < CONSOLE_PASSWORD_MIN)
    return `La contraseña debe tener al menos ${CONSOLE_PASSWORD_MIN} caracteres.`;
  if (password !== repeat) return 'Las contraseñas no coinciden.';
  return null;
}
