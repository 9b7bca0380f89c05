import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { consoleTotp } from '@visita/domain/contract/endpoints';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useEndpointMutation } from '../api/endpoint-query.ts';
import { ApiAlert } from '../ui/api-alert.tsx';
import { AuthFrame } from './auth-frame.tsx';
import { useFollowNext } from './use-next-step.ts';

/** A 6-digit code field (the authenticator app's). */
export function CodeInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      label="Código de verificación"
      description="Los 6 dígitos que muestra tu aplicación de autenticación."
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      required
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, ''))}
    />
  );
}

/** /ingresar/codigo: the second factor after the password. */
export function TotpPage() {
  const [code, setCode] = useState('');
  const totp = useEndpointMutation(consoleTotp, { invalidate: false });
  const followNext = useFollowNext();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    totp.mutate({ body: { code } }, { onSuccess: ({ next }) => followNext(next) });
  };
  return (
    <AuthFrame title="Código de verificación">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ApiAlert error={totp.error} />
          <Text>Escribe el código de tu aplicación de autenticación para terminar de ingresar.</Text>
          <CodeInput value={code} onChange={setCode} />
          <Button type="submit" loading={totp.isPending}>
            Verificar
          </Button>
          <Anchor component={Link} to="/ingresar">
            Volver a iniciar sesión
          </Anchor>
        </Stack>
      </form>
    </AuthFrame>
  );
}
