import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { consolePasswordReset, consolePasswordResetConfirm } from '@visita/domain/contract/endpoints';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useEndpointMutation } from '../api/endpoint-query.ts';
import { ApiAlert, FormAlert } from '../ui/api-alert.tsx';
import { AuthFrame } from './auth-frame.tsx';
import { NewPasswordFields, newPasswordProblem } from './new-password-fields.tsx';

/** /restablecer: asks for a reset link; with ?token= (the link), sets a new password. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <NewPassword token={token} /> : <RequestLink />;
}

function BackToSignIn() {
  return (
    <Anchor component={Link} to="/ingresar">
      Volver a iniciar sesión
    </Anchor>
  );
}

function RequestLink() {
  const [email, setEmail] = useState('');
  const request = useEndpointMutation(consolePasswordReset, { invalidate: false });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate({ body: { email } });
  };
  return (
    <AuthFrame title="Restablecer contraseña">
      {request.isSuccess ? (
        <Alert color="green" role="status" title="Revisa tu correo">
          Si el correo pertenece a una cuenta, te enviamos un enlace para crear una contraseña nueva.
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <ApiAlert error={request.error} />
            <Text>Te enviaremos un enlace para crear una contraseña nueva.</Text>
            <TextInput
              label="Correo"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <Button type="submit" loading={request.isPending}>
              Enviar enlace
            </Button>
          </Stack>
        </form>
      )}
      <BackToSignIn />
    </AuthFrame>
  );
}

function NewPassword({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = useEndpointMutation(consolePasswordResetConfirm, { invalidate: false });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = newPasswordProblem(password, repeat);
    setProblem(found);
    if (!found) confirm.mutate({ body: { token, password } });
  };
  return (
    <AuthFrame title="Crear contraseña nueva">
      {confirm.isSuccess ? (
        <Alert color="green" role="status" title="Contraseña guardada">
          Ya puedes iniciar sesión con tu contraseña nueva.
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormAlert message={problem} />
            <ApiAlert error={confirm.error} />
            <NewPasswordFields
              password={password}
              repeat={repeat}
              onPassword={setPassword}
              onRepeat={setRepeat}
            />
            <Button type="submit" loading={confirm.isPending}>
              Guardar contraseña
            </Button>
          </Stack>
        </form>
      )}
      <BackToSignIn />
    </AuthFrame>
  );
}
