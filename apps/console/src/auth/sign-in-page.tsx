import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { consoleLogin } from '@visita/domain/contract/endpoints';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useEndpointMutation } from '../api/endpoint-query.ts';
import { ApiAlert } from '../ui/api-alert.tsx';
import { AuthFrame } from './auth-frame.tsx';
import { useFollowNext } from './use-next-step.ts';

/** /ingresar: e-mail and password; the API says what comes next. */
export function SignInPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useEndpointMutation(consoleLogin, { invalidate: false });
  const followNext = useFollowNext();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ body: { email, password } }, { onSuccess: ({ next }) => followNext(next) });
  };
  return (
    <AuthFrame title="Iniciar sesión">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ApiAlert error={login.error} />
          <TextInput
            label="Correo"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label="Contraseña"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit" loading={login.isPending}>
            Ingresar
          </Button>
          <Anchor component={Link} to="/restablecer">
            Olvidé mi contraseña
          </Anchor>
        </Stack>
      </form>
    </AuthFrame>
  );
}
