import { Button, Code, Stack, Text } from '@mantine/core';
import { consoleTotpConfirm, consoleTotpEnrol } from '@visita/domain/contract/endpoints';
import { type FormEvent, useState } from 'react';
import { useEndpointMutation } from '../api/endpoint-query.ts';
import { ApiAlert } from '../ui/api-alert.tsx';
import { AuthFrame } from './auth-frame.tsx';
import { CodeInput } from './totp-page.tsx';
import { useFollowNext } from './use-next-step.ts';

/** Four characters at a time: easier to copy by hand into an app. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** /ingresar/segundo-factor: a new TOTP secret, shown as text and as its otpauth address, confirmed by a code. */
export function EnrolTotpPage() {
  const [code, setCode] = useState('');
  const enrol = useEndpointMutation(consoleTotpEnrol, { invalidate: false });
  const confirm = useEndpointMutation(consoleTotpConfirm, { invalidate: false });
  const followNext = useFollowNext();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate({ body: { code } }, { onSuccess: ({ next }) => followNext(next) });
  };
  return (
    <AuthFrame title="Configurar segundo factor">
      <Stack gap="md">
        <ApiAlert error={enrol.error} />
        <Text>
          Tu cuenta usa un código de verificación además de la contraseña. Necesitas una aplicación de
          autenticación (por ejemplo, la de tu teléfono o tu gestor de contraseñas).
        </Text>
        {enrol.data ? (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <Text>Agrega esta clave en tu aplicación:</Text>
              <Code block aria-label="Clave secreta" data-testid="totp-secret">
                {grouped(enrol.data.secret)}
              </Code>
              <Text>O, si tu aplicación lo acepta, esta dirección:</Text>
              <Code
                block
                aria-label="Dirección otpauth"
                style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
              >
                {enrol.data.otpauth_uri}
              </Code>
              <ApiAlert error={confirm.error} />
              <CodeInput value={code} onChange={setCode} />
              <Button type="submit" loading={confirm.isPending}>
                Confirmar
              </Button>
            </Stack>
          </form>
        ) : (
          <Button onClick={() => enrol.mutate({})} loading={enrol.isPending}>
            Generar clave
          </Button>
        )}
      </Stack>
    </AuthFrame>
  );
}
