import { Anchor, Badge, Button, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { consoleEndSession, consoleSessions } from '@visita/domain/contract/endpoints';
import { Link } from 'react-router';
import { useEndpointMutation, useEndpointQuery } from '../api/endpoint-query.ts';
import { ApiAlert } from '../ui/api-alert.tsx';
import { PageTitle } from '../ui/page-title.tsx';

const DATE_TIME = new Intl.DateTimeFormat('es-CL', { dateStyle: 'medium', timeStyle: 'short' });
const formatted = (iso: string) => DATE_TIME.format(new Date(iso));

/** /cuenta: the operator's open sessions (any may be ended) and a way to change the password. */
export function AccountPage() {
  const sessions = useEndpointQuery(consoleSessions, {});
  const end = useEndpointMutation(consoleEndSession);
  return (
    <Stack gap="md">
      <PageTitle>Mi cuenta</PageTitle>
      <Anchor component={Link} to="/ingresar/contrasena">
        Cambiar contraseña
      </Anchor>
      <Title order={2} size="h3">
        Sesiones abiertas
      </Title>
      <ApiAlert error={sessions.error ?? end.error} />
      {sessions.data ? (
        <Table.ScrollContainer minWidth={640}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Inicio</Table.Th>
                <Table.Th scope="col">Última actividad</Table.Th>
                <Table.Th scope="col">Navegador</Table.Th>
                <Table.Th scope="col">Dirección IP</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Acciones</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.data.results.map((session) => (
                <Table.Tr key={session.id}>
                  <Table.Td>
                    {formatted(session.created_at)}{' '}
                    {session.current ? (
                      <Badge variant="outline" color="dark">
                        Esta sesión
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{formatted(session.last_seen_at)}</Table.Td>
                  <Table.Td>{session.user_agent ?? '—'}</Table.Td>
                  <Table.Td>{session.address ?? '—'}</Table.Td>
                  <Table.Td>
                    {session.current ? null : (
                      <Button
                        size="xs"
                        variant="outline"
                        color="red"
                        loading={end.isPending && end.variables.params?.id === session.id}
                        onClick={() => end.mutate({ params: { id: session.id } })}
                        aria-label={`Cerrar sesión iniciada el ${formatted(session.created_at)}`}
                      >
                        Cerrar sesión
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : sessions.isPending ? (
        <Text>Cargando…</Text>
      ) : null}
    </Stack>
  );
}
