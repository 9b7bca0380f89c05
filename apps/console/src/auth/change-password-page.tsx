import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { consoleChangePassword } from '@visita/domain/contract/endpoints';
import { type FormEvent, useState } from 'react';
import { useEndpointMutation } from '../api/endpoint-query.ts';
import { ApiAlert, FormAlert } from '../ui/api-alert.tsx';
import { AuthFrame } from './auth-frame.tsx';
import { NewPasswordFields, newPasswordProblem } from './new-password-fields.tsx';
import { useMe } from './use-me.ts';
import { useFollowNext } from './use-next-step.ts';

/** /ingresar/contrasena: the one-time password (or the current one) changed for one's own. */
export function ChangePasswordPage() {
  const me = useMe();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useEndpointMutation(consoleChangePassword, { invalidate: false });
  const followNext = useFollowNext();
  const firstTime = me.data?.next === 'change-password';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = newPasswordProblem(password, repeat);
    setProblem(found);
    if (found) return;
    change.mutate(
      { body: { current_password: current, new_password: password } },
      { onSuccess: ({ next }) => followNext(next) },
    );
  };
  return (
    <AuthFrame title="Cambiar contraseña">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={problem} />
          <ApiAlert error={change.error} />
          {firstTime ? (
            <Text>Antes de continuar, cambia la contraseña de un solo uso que recibiste.</Text>
          ) : null}
          <PasswordInput
            label={firstTime ? 'Contraseña de un solo uso' : 'Contraseña actual'}
            autoComplete="current-password"
            required
            value={current}
            onChange={(event) => setCurrent(event.currentTarget.value)}
          />
          <NewPasswordFields
            password={password}
            repeat={repeat}
            onPassword={setPassword}
            onRepeat={setRepeat}
          />
          <Button type="submit" loading={change.isPending}>
            Guardar contraseña
          </Button>
        </Stack>
      </form>
    </AuthFrame>
  );
}
