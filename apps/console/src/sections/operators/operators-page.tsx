import {
  Alert,
  Button,
  Code,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { CONSOLE_ROLE_LABELS, CONSOLE_ROLES, type ConsoleRole } from '@visita/domain/console-permissions';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { CAPTION, ScrollRegion } from '../../ui/scroll-region.tsx';
import { COPY } from './copy.ts';
import { useOperators } from './list-operators.ts';
import { usePartners } from './list-partners.ts';
import { useCreateOperator, useOperatorActions } from './operator-actions.ts';

const dateTime = new Intl.DateTimeFormat('es-CL', {
  dateStyle: 'medium',
  timeStyle: 'short',
  hourCycle: 'h23',
});

type Action = 'unlock' | 'resetTotp' | 'endSessions' | 'deactivate' | 'activate';

function CreateOperator() {
  const create = useCreateOperator();
  const partners = usePartners();
  const [role, setRole] = useState<ConsoleRole>('coordinator');
  const [formKey, setFormKey] = useState(0);
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  const createdRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (created) createdRef.current?.focus();
  }, [created]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setCreated(null);
    create.mutate(
      {
        body: {
          email: String(form.get('email') ?? ''),
          name: String(form.get('name') ?? ''),
          role,
          client_id: role === 'partner' ? String(form.get('client_id') ?? '') || null : null,
        },
      },
      {
        onSuccess: (answer) => {
          setCreated({ email: answer.operator.email, password: answer.one_time_password });
          setRole('coordinator');
          setFormKey((key) => key + 1);
        },
      },
    );
  };

  return (
    <section aria-labelledby="operators-create-title">
      <Title order={2} id="operators-create-title" size="h3" mb="sm">
        {COPY.createTitle}
      </Title>
      {created ? (
        <Alert
          ref={createdRef}
          tabIndex={-1}
          color="green"
          title={COPY.createdTitle}
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          mb="md"
          withCloseButton
          closeButtonLabel={COPY.hide}
          onClose={() => setCreated(null)}
        >
          <Text>{COPY.created(created.email)}</Text>
          <Text mt="xs">
            {COPY.oneTimePassword}:{' '}
            <Code fz="lg" data-testid="one-time-password">
              {created.password}
            </Code>
          </Text>
        </Alert>
      ) : null}
      {create.error ? <ApiAlert error={create.error} /> : null}
      <form key={formKey} onSubmit={submit} aria-labelledby="operators-create-title">
        <Stack gap="sm" maw={520}>
          <TextInput
            name="email"
            type="email"
            label={COPY.email}
            required
            autoComplete="off"
            maxLength={254}
          />
          <TextInput name="name" label={COPY.name} required autoComplete="off" maxLength={120} />
          <NativeSelect
            name="role"
            label={COPY.role}
            value={role}
            onChange={(event) => setRole(event.currentTarget.value as ConsoleRole)}
            data={CONSOLE_ROLES.map((r) => ({ value: r, label: CONSOLE_ROLE_LABELS[r] }))}
          />
          {role === 'partner' ? (
            <NativeSelect
              name="client_id"
              label={COPY.partner}
              required
              defaultValue=""
              data={[
                { value: '', label: COPY.choosePartner },
                ...(partners.data?.results ?? []).map((p) => ({ value: p.id, label: p.name })),
              ]}
            />
          ) : null}
          {partners.error && role === 'partner' ? <ApiAlert error={partners.error} /> : null}
          <Group>
            <Button type="submit" loading={create.isPending}>
              {COPY.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}

export function OperatorsPage() {
  const operators = useOperators();
  const actions = useOperatorActions();
  const [done, setDone] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const busy =
    actions.unlock.isPending ||
    actions.resetTotp.isPending ||
    actions.endSessions.isPending ||
    actions.update.isPending;

  const run = (action: Action, operator: { id: string; email: string }) => {
    setDone('');
    setFailure(null);
    const params = { id: operator.id };
    const callbacks = {
      onSuccess: () => setDone(COPY.done[action](operator.email)),
      onError: (error: unknown) => setFailure(error),
    };
    if (action === 'unlock') actions.unlock.mutate({ params }, callbacks);
    else if (action === 'resetTotp') actions.resetTotp.mutate({ params }, callbacks);
    else if (action === 'endSessions') actions.endSessions.mutate({ params }, callbacks);
    else actions.update.mutate({ params, body: { active: action === 'activate' } }, callbacks);
  };

  // Locks are judged at the moment the list arrived (a render stays pure).
  const now = operators.dataUpdatedAt;
  const rows = operators.data?.results ?? [];
  return (
    <Stack gap="xl">
      <PageTitle>{COPY.title}</PageTitle>
      <section aria-labelledby="operators-list-title">
        <Title order={2} id="operators-list-title" size="h3" mb="sm">
          {COPY.listTitle}
        </Title>
        <Text role="status" size="sm" mb="xs">
          {operators.isPending ? COPY.loading : done}
        </Text>
        {failure ? <ApiAlert error={failure} /> : null}
        {operators.error ? <ApiAlert error={operators.error} /> : null}
        {operators.isSuccess && rows.length === 0 ? <Text>{COPY.none}</Text> : null}
        {rows.length > 0 ? (
          <ScrollRegion label={COPY.listTitle} minWidth={1000}>
            <Table captionSide="top" striped>
              <Table.Caption style={CAPTION}>{COPY.caption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{COPY.email}</Table.Th>
                  <Table.Th scope="col">{COPY.name}</Table.Th>
                  <Table.Th scope="col">{COPY.role}</Table.Th>
                  <Table.Th scope="col">{COPY.active}</Table.Th>
                  <Table.Th scope="col">{COPY.totp}</Table.Th>
                  <Table.Th scope="col">{COPY.locked}</Table.Th>
                  <Table.Th scope="col">{COPY.actions}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((operator) => {
                  const lockedUntil =
                    operator.locked_until && Date.parse(operator.locked_until) > now
                      ? operator.locked_until
                      : null;
                  const button = (action: Action, label: string, danger = false) => (
                    <Button
                      size="xs"
                      variant={danger ? 'outline' : 'default'}
                      color={danger ? 'red' : undefined}
                      disabled={busy}
                      aria-label={COPY.actionOn(label, operator.email)}
                      onClick={() => run(action, operator)}
                    >
                      {label}
                    </Button>
                  );
                  return (
                    <Table.Tr key={operator.id}>
                      <Table.Th scope="row" fw="normal">
                        {operator.email}
                      </Table.Th>
                      <Table.Td>{operator.name}</Table.Td>
                      <Table.Td>{CONSOLE_ROLE_LABELS[operator.role]}</Table.Td>
                      <Table.Td>{operator.active ? COPY.yes : COPY.no}</Table.Td>
                      <Table.Td>{operator.totp_enabled ? COPY.yes : COPY.no}</Table.Td>
                      <Table.Td>
                        {lockedUntil
                          ? COPY.lockedUntil(dateTime.format(new Date(lockedUntil)))
                          : COPY.notLocked}
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="wrap">
                          {lockedUntil ? button('unlock', COPY.unlock) : null}
                          {operator.totp_enabled ? button('resetTotp', COPY.resetTotp) : null}
                          {button('endSessions', COPY.endSessions)}
                          {operator.active
                            ? button('deactivate', COPY.deactivate, true)
                            : button('activate', COPY.activate)}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        ) : null}
      </section>
      <CreateOperator />
    </Stack>
  );
}
