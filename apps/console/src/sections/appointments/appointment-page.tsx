import { Alert, Anchor, Button, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useAppointmentHistory } from './appointment-history.ts';
import { CAPTION, ScrollRegion } from '../../ui/scroll-region.tsx';
import { usePermission } from '../../auth/use-me.ts';
import { AppointmentActions, AppointmentNotes } from './appointment-actions.tsx';
import {
  ACTIONS_COPY,
  CHANNEL_LABELS,
  COPY,
  HISTORY_KIND_LABELS,
  MOVE_COPY,
  accountStatusLabel,
  paymentStatusLabel,
  STATUS_LABELS,
} from './copy.ts';
import { type MoveAnswer, MoveDialog } from './move-dialog.tsx';
import { formatsFor } from './format.ts';
import { useAppointment } from './get-appointment.ts';
import { usePartners } from './list-partners.ts';

/** A table of label and value rows (the label is each row's header). */
function Facts({ caption, rows }: { caption: string; rows: [string, ReactNode][] }) {
  return (
    <Table captionSide="top" maw={640} withRowBorders>
      <Table.Caption style={CAPTION}>{caption}</Table.Caption>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" w="35%">
              {label}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} id={id} size="h3" mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** A history entry's detail as short `key: value` lines. */
function describe(detail: Record<string, unknown> | null): string {
  if (!detail) return COPY.dash;
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join('; ');
}

export function AppointmentPage() {
  const { id = '' } = useParams();
  const appointment = useAppointment(id);
  const history = useAppointmentHistory(id);
  const partners = usePartners();
  const mayMove = usePermission('appointments.move');
  const [moving, setMoving] = useState(false);
  const [moved, setMoved] = useState<MoveAnswer | null>(null);
  // Back to the search this appointment was opened from, when it was.
  const { state } = useLocation() as { state: { search?: unknown } | null };
  const search = typeof state?.search === 'string' && state.search ? `?${state.search}` : '';
  const back = (
    <Anchor component={Link} to={`/citas${search}`}>
      {COPY.backToList}
    </Anchor>
  );

  if (appointment.error)
    return (
      <Stack>
        <PageTitle>{COPY.title}</PageTitle>
        <ApiAlert error={appointment.error} />
        {back}
      </Stack>
    );
  const a = appointment.data;
  if (!a)
    return (
      <Stack>
        <PageTitle>{COPY.title}</PageTitle>
        <Text role="status">{COPY.loading}</Text>
      </Stack>
    );
  const partner = partners.data?.results.find((p) => p.id === a.client_id);
  const {
    date: formatDate,
    time: formatTime,
    dateTime: formatDateTime,
    money,
  } = formatsFor(partner?.country);

  return (
    <Stack gap="xl">
      <div>
        {back}
        <PageTitle>{COPY.appointmentTitle(a.code)}</PageTitle>
      </div>

      <Section id="appointment-visit" title={COPY.visit}>
        <Facts
          caption={COPY.visit}
          rows={[
            [COPY.date, a.begin_date ? formatDate(a.begin_date) : COPY.noDate],
            [COPY.time, a.begin_date ? `${formatTime(a.begin_date)}–${formatTime(a.end_date)}` : COPY.dash],
            [COPY.nurse, a.nurse?.name ?? COPY.unassigned],
            [COPY.sector, a.sector?.name ?? COPY.dash],
            [COPY.address, a.address ?? COPY.dash],
            [COPY.commune, a.commune ?? COPY.dash],
            [COPY.partner, partner?.name ?? a.client_id],
            [COPY.status, STATUS_LABELS[a.status]],
            [COPY.paymentStatus, accountStatusLabel(a.payment_status, a.status, a.amounts.ledger)],
            [ACTIONS_COPY.outcome, a.outcome ? ACTIONS_COPY.outcomeLabels[a.outcome] : COPY.dash],
            [COPY.created, formatDateTime(a.created_at)],
          ]}
        />
        {moved ? (
          <Alert color="green" role="status" mt="sm" maw={640}>
            {MOVE_COPY.moved(
              moved.nurse.name,
              moved.begin_date.slice(0, 10),
              moved.begin_date.slice(11, 16),
              moved.end_date.slice(11, 16),
            )}{' '}
            {moved.notified ? MOVE_COPY.notified : MOVE_COPY.notNotified}
          </Alert>
        ) : null}
        {mayMove && a.status === 'confirmed' ? (
          <>
            <Button mt="sm" variant="outline" onClick={() => setMoving(true)}>
              {MOVE_COPY.open}
            </Button>
            <MoveDialog
              appointmentId={a.id}
              version={a.version}
              opened={moving}
              onClose={() => setMoving(false)}
              onMoved={setMoved}
            />
          </>
        ) : null}
      </Section>

      <AppointmentActions appointment={a} country={partner?.country} />

      <Section id="appointment-patients" title={COPY.patients}>
        <Stack gap="lg">
          {a.patients_detail.map((p, index) => {
            const name = `${p.first_name} ${p.last_name}`.trim();
            return (
              <div key={index}>
                <Title order={3} size="h4" mb="xs">
                  {name}
                </Title>
                <Text size="sm">
                  {COPY.document}:{' '}
                  {p.document ? `${p.document}${p.document_type ? ` (${p.document_type})` : ''}` : COPY.dash}
                  {' · '}
                  {COPY.email}: {p.email || COPY.dash}
                  {' · '}
                  {COPY.phone}: {p.phone || COPY.dash}
                </Text>
                <Table captionSide="top" maw={640}>
                  <Table.Caption style={CAPTION}>{COPY.itemsOf(name)}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{COPY.item}</Table.Th>
                      <Table.Th scope="col" style={{ textAlign: 'right' }}>
                        {COPY.price}
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {p.items.map((item) => (
                      <Table.Tr key={item.id}>
                        <Table.Th scope="row" fw="normal">
                          {item.name}
                        </Table.Th>
                        <Table.Td style={{ textAlign: 'right' }}>{money(item.price)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
            );
          })}
        </Stack>
      </Section>

      <Section id="appointment-amounts" title={COPY.amounts}>
        <Facts
          caption={COPY.amounts}
          rows={[
            [COPY.subtotal, money(a.amounts.subtotal)],
            [COPY.discount, money(a.amounts.discount)],
            [COPY.total, money(a.amounts.total)],
            // The booking's account once its money is frozen: who owes what, and what is left.
            ...(a.amounts.ledger
              ? ([
                  [COPY.dueOnline, money(a.amounts.ledger.due_online)],
                  [COPY.dueAtAddress, money(a.amounts.ledger.due_at_address)],
                  ...(a.amounts.ledger.due_company > 0
                    ? [[COPY.dueCompany, money(a.amounts.ledger.due_company)]]
                    : []),
                  [COPY.paid, money(a.amounts.ledger.paid)],
                  ...(a.amounts.ledger.refunded > 0
                    ? [[COPY.refunded, money(a.amounts.ledger.refunded)]]
                    : []),
                  ...(a.amounts.ledger.written_off > 0
                    ? [[COPY.writtenOff, money(a.amounts.ledger.written_off)]]
                    : []),
                  [COPY.toCollect, money(a.amounts.ledger.to_collect)],
                  ...(a.amounts.ledger.company_owes > 0
                    ? [[COPY.companyOwes, money(a.amounts.ledger.company_owes)]]
                    : []),
                ] as [string, string][])
              : []),
          ]}
        />
      </Section>

      <Section id="appointment-payments" title={COPY.payments}>
        {a.payments.length === 0 ? (
          <Text>{COPY.noPayments}</Text>
        ) : (
          <ScrollRegion label={COPY.payments} minWidth={800}>
            <Table captionSide="top">
              <Table.Caption style={CAPTION}>{COPY.paymentsCaption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{COPY.when}</Table.Th>
                  <Table.Th scope="col">{COPY.status}</Table.Th>
                  <Table.Th scope="col">{COPY.method}</Table.Th>
                  <Table.Th scope="col">{COPY.gateway}</Table.Th>
                  <Table.Th scope="col">{COPY.gatewayId}</Table.Th>
                  <Table.Th scope="col" style={{ textAlign: 'right' }}>
                    {COPY.amount}
                  </Table.Th>
                  <Table.Th scope="col" style={{ textAlign: 'right' }}>
                    {COPY.refunded}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {a.payments.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Th scope="row" fw="normal">
                      {formatDateTime(p.created_at)}
                    </Table.Th>
                    <Table.Td>{paymentStatusLabel(p.status)}</Table.Td>
                    <Table.Td>{p.method ?? COPY.dash}</Table.Td>
                    <Table.Td>{p.gateway ?? COPY.dash}</Table.Td>
                    <Table.Td ff="monospace">{p.gateway_id ?? COPY.dash}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{money(p.amount)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>
                      {p.refunded_amount === null ? COPY.dash : money(p.refunded_amount)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
      </Section>

      <Section id="appointment-messages" title={COPY.messages}>
        {a.messages.length === 0 ? (
          <Text>{COPY.noMessages}</Text>
        ) : (
          <ScrollRegion label={COPY.messages} minWidth={700}>
            <Table captionSide="top">
              <Table.Caption style={CAPTION}>{COPY.messagesCaption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{COPY.when}</Table.Th>
                  <Table.Th scope="col">{COPY.channel}</Table.Th>
                  <Table.Th scope="col">{COPY.topic}</Table.Th>
                  <Table.Th scope="col">{COPY.status}</Table.Th>
                  <Table.Th scope="col">{COPY.attempts}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {a.messages.map((m, index) => (
                  <Table.Tr key={index}>
                    <Table.Th scope="row" fw="normal">
                      {formatDateTime(m.created_at)}
                    </Table.Th>
                    <Table.Td>{CHANNEL_LABELS[m.channel] ?? m.channel}</Table.Td>
                    <Table.Td>{m.topic}</Table.Td>
                    <Table.Td>
                      {m.delivered_at
                        ? `${COPY.delivered} ${formatDateTime(m.delivered_at)}`
                        : m.failed_at
                          ? `${COPY.failed} ${formatDateTime(m.failed_at)}`
                          : COPY.waiting}
                    </Table.Td>
                    <Table.Td>{m.attempts}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
      </Section>

      <AppointmentNotes appointment={a} country={partner?.country} />

      <Section id="appointment-history" title={COPY.history}>
        {history.error ? <ApiAlert error={history.error} /> : null}
        {history.isPending ? <Text role="status">{COPY.loading}</Text> : null}
        {history.data?.results.length === 0 ? <Text>{COPY.noHistory}</Text> : null}
        {history.data && history.data.results.length > 0 ? (
          <ScrollRegion label={COPY.history} minWidth={700}>
            <Table captionSide="top">
              <Table.Caption style={CAPTION}>{COPY.historyCaption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{COPY.when}</Table.Th>
                  <Table.Th scope="col">{COPY.what}</Table.Th>
                  <Table.Th scope="col">{COPY.who}</Table.Th>
                  <Table.Th scope="col">{COPY.detail}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.data.results.map((entry, index) => (
                  <Table.Tr key={index}>
                    <Table.Th scope="row" fw="normal">
                      {formatDateTime(entry.at)}
                    </Table.Th>
                    <Table.Td>
                      {HISTORY_KIND_LABELS[entry.kind] ?? entry.kind}: {entry.action}
                    </Table.Td>
                    <Table.Td>{entry.actor ?? COPY.system}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{describe(entry.detail)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        ) : null}
      </Section>
    </Stack>
  );
}
