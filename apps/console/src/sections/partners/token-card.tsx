import { Alert, Button, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { COPY } from './copy.ts';
import { useRevokeToken } from './revoke-token.ts';
import { useRotateToken } from './rotate-token.ts';

/** The partner's staff API token: created or rotated (shown this once, to copy) or revoked. */
export function TokenCard({ id, hasToken }: { id: string; hasToken: boolean }) {
  const rotate = useRotateToken();
  const revoke = useRevokeToken();
  const [asking, setAsking] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [done, setDone] = useState('');

  const doRotate = () => {
    setAsking(false);
    setDone('');
    rotate.mutate({ params: { id } }, { onSuccess: (answer) => setToken(answer.api_token) });
  };

  return (
    <section aria-labelledby="partner-token-title">
      <Stack gap="sm">
        <Title order={2} id="partner-token-title" size="h3">
          {COPY.tokenTitle}
        </Title>
        <Text size="sm">{COPY.tokenHint}</Text>
        <Text role="status" size="sm">
          {done || COPY.tokenState(hasToken)}
        </Text>
        <ApiAlert error={rotate.error ?? revoke.error} />
        {token ? (
          <Alert color="yellow" title={COPY.newToken}>
            <Stack gap="xs">
              <Text size="sm">{COPY.newTokenWarning}</Text>
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  label={COPY.newToken}
                  value={token}
                  readOnly
                  style={{ flex: 1 }}
                  styles={{ input: { fontFamily: 'monospace' } }}
                  data-testid="partner-new-token"
                />
                <CopyButton value={token}>
                  {({ copied, copy }) => (
                    <Button variant="default" onClick={copy}>
                      {copied ? COPY.copied : COPY.copy}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {asking ? (
          <Alert color="orange" title={COPY.rotate(hasToken)}>
            <Stack gap="xs">
              <Text size="sm">{COPY.rotateWarning}</Text>
              <Group gap="xs">
                <Button color="orange" onClick={doRotate} loading={rotate.isPending}>
                  {COPY.rotateConfirm}
                </Button>
                <Button variant="default" onClick={() => setAsking(false)}>
                  {COPY.cancel}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Group gap="xs">
            <Button
              variant="outline"
              loading={rotate.isPending}
              onClick={() => (hasToken ? setAsking(true) : doRotate())}
            >
              {COPY.rotate(hasToken)}
            </Button>
            {hasToken ? (
              <Button
                variant="outline"
                color="red"
                loading={revoke.isPending}
                onClick={() => {
                  setToken(null);
                  revoke.mutate({ params: { id } }, { onSuccess: () => setDone(COPY.revoked) });
                }}
              >
                {COPY.revoke}
              </Button>
            ) : null}
          </Group>
        )}
      </Stack>
    </section>
  );
}
