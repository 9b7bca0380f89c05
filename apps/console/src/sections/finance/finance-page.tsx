import { Alert, Anchor, Button, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import {
  type ConsoleMoneyItem,
  MONEY_QUEUE_KINDS,
  type MoneyQueueKind,
} from '@visita/domain/contract/console-money';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePermission } from '../../auth/use-me.ts';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { CAPTION, ScrollRegion } from '../../ui/scroll-region.tsx';
import { COPY, formatMoney, formatSince, KIND_LABELS } from './copy.ts';
import { type DialogProps, RecordPaymentDialog, SettleDialog, WriteOffDialog } from './finance-dialogs.tsx';
import { useMoneyQueue } from './money-queue.ts';
import { useReconcilePayment } from './reconcile-payment.ts';
import { useRetryRefund } from './retry-refund.ts';

type DialogKind = 'writeOff' | 'settle' | 'payment';

const DIALOGS: [DialogKind, (props: DialogProps) => ReactNode][] = [
  ['writeOff', WriteOffDialog],
  ['settle', SettleDialog],
  ['payment', RecordPaymentDialog],
];

const kindOf = (value: string | null): MoneyQueueKind | undefined =>
  MONEY_QUEUE_KINDS.includes(value as MoneyQueueKind) ? (value as MoneyQueueKind) : undefined;

/**
 * Finanzas: what cannot settle itself, oldest first, with the ways out each kind allows (for the
 * roles that may settle): a stuck card payment reconciled with the gateway, a refused refund asked
 * again, a payment to collect recorded or written off, the company's part settled or written off.
 * Each success is said once in a status that takes the focus when its row has left the queue.
 */
export function FinancePage() {
  const [params, setParams] = useSearchParams();
  const kind = kindOf(params.get('tipo'));
  const mayAct = usePermission('payments.settle');
  const queue = useMoneyQueue(kind);
  const reconcile = useReconcilePayment();
  const refund = useRetryRefund();
  const [said, setSaid] = useState<{ text: string; key: number } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [dialog, setDialog] = useState<{ kind: DialogKind; item: ConsoleMoneyItem } | null>(null);
  const [opened, setOpened] = useState(false);
  // From a dialog's close to the end of its exit transition (Mantine gives the focus back then).
  const closing = useRef(false);
  const [exits, setExits] = useState(0);
  const statusRef = useRef<HTMLDivElement>(null);
  // Set by a success: once said, the status takes the focus (the row and its button are gone).
  const focusStatus = useRef(false);

  const say = (text: string) => {
    setFailure(null);
    focusStatus.current = true;
    setSaid((previous) => ({ text, key: (previous?.key ?? 0) + 1 }));
  };
  // After a dialog, once it has closed (Mantine gives the focus back to its button first).
  useEffect(() => {
    if (!focusStatus.current || closing.current) return;
    focusStatus.current = false;
    statusRef.current?.focus();
  }, [said, exits]);

  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('tipo') ?? '');
    setParams(value ? new URLSearchParams({ tipo: value }) : new URLSearchParams());
  };

  const open = (which: DialogKind, item: ConsoleMoneyItem) => {
    setSaid(null);
    setFailure(null);
    // The dialogs stay mounted, closed: opening one lets Mantine note the button to give the focus back to.
    setDialog({ kind: which, item });
    setOpened(true);
  };

  const actOn = (item: ConsoleMoneyItem) => {
    const busy = reconcile.isPending || refund.isPending;
    switch (item.kind) {
      case 'processing':
        return (
          <Button
            size="xs"
            loading={reconcile.isPending && reconcile.variables?.params?.id === item.payment_id}
            disabled={busy}
            onClick={() => {
              if (!item.payment_id) return;
              setSaid(null);
              reconcile.mutate(
                { params: { id: item.payment_id } },
                {
                  onSuccess: (answer) => say(COPY.done.reconciled(item.code, answer.outcome)),
                  onError: setFailure,
                },
              );
            }}
          >
            {COPY.reconcile}
          </Button>
        );
      case 'refund_failed':
        return (
          <Button
            size="xs"
            loading={refund.isPending && refund.variables?.params?.id === item.payment_id}
            disabled={busy}
            onClick={() => {
              if (!item.payment_id) return;
              setSaid(null);
              refund.mutate(
                { params: { id: item.payment_id } },
                {
                  onSuccess: (answer) =>
                    say(COPY.done.refunded(item.code, formatMoney(answer.amount, item.currency))),
                  onError: setFailure,
                },
              );
            }}
          >
            {COPY.refund}
          </Button>
        );
      case 'payment_pending':
        return (
          <>
            <Button size="xs" onClick={() => open('payment', item)}>
              {COPY.recordPayment}
            </Button>
            <Button size="xs" variant="default" onClick={() => open('writeOff', item)}>
              {COPY.writeOff}
            </Button>
          </>
        );
      case 'company_billed':
        return (
          <>
            <Button size="xs" onClick={() => open('settle', item)}>
              {COPY.settle}
            </Button>
            <Button size="xs" variant="default" onClick={() => open('writeOff', item)}>
              {COPY.writeOff}
            </Button>
          </>
        );
    }
  };

  const rows = queue.data?.results ?? [];

  return (
    <Stack gap="lg">
      <PageTitle>{COPY.title}</PageTitle>
      <section aria-labelledby="finance-filter-title">
        <Title order={2} id="finance-filter-title" size="h3" mb="sm">
          {COPY.filterTitle}
        </Title>
        <form key={params.toString()} onSubmit={filter} aria-labelledby="finance-filter-title">
          <Group align="flex-end">
            <NativeSelect
              name="tipo"
              label={COPY.kind}
              defaultValue={kind ?? ''}
              data={[
                { value: '', label: COPY.anyKind },
                ...MONEY_QUEUE_KINDS.map((value) => ({ value, label: KIND_LABELS[value] })),
              ]}
            />
            <Button type="submit">{COPY.show}</Button>
          </Group>
        </form>
      </section>

      <section aria-labelledby="finance-queue-title">
        <Title order={2} id="finance-queue-title" size="h3" mb="sm">
          {COPY.queueTitle}
        </Title>
        <Text role="status" size="sm" mb="xs">
          {queue.isPending ? COPY.loading : queue.isSuccess ? COPY.shown(rows.length, queue.data.more) : ''}
        </Text>
        {said ? (
          <Alert key={said.key} ref={statusRef} color="green" role="status" tabIndex={-1} maw={720} mb="sm">
            {said.text}
          </Alert>
        ) : null}
        {failure ? <ApiAlert error={failure} /> : null}
        {queue.error ? <ApiAlert error={queue.error} /> : null}
        {rows.length > 0 ? (
          <ScrollRegion label={COPY.queueTitle} minWidth={960}>
            <Table striped captionSide="top">
              <Table.Caption style={CAPTION}>{COPY.caption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{COPY.code}</Table.Th>
                  <Table.Th scope="col">{COPY.kind}</Table.Th>
                  <Table.Th scope="col">{COPY.partner}</Table.Th>
                  <Table.Th scope="col">{COPY.patient}</Table.Th>
                  <Table.Th scope="col" style={{ textAlign: 'right' }}>
                    {COPY.amount}
                  </Table.Th>
                  <Table.Th scope="col">{COPY.since}</Table.Th>
                  {mayAct ? <Table.Th scope="col">{COPY.actions}</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((item) => (
                  <Table.Tr key={`${item.kind}:${item.appointment_id}:${item.payment_id ?? ''}`}>
                    <Table.Th scope="row">
                      <Anchor component={Link} to={`/citas/${item.appointment_id}`} ff="monospace">
                        {item.code}
                      </Anchor>
                    </Table.Th>
                    <Table.Td>{KIND_LABELS[item.kind]}</Table.Td>
                    <Table.Td>{item.client_name ?? item.client_id}</Table.Td>
                    <Table.Td>{item.patient_name ?? COPY.dash}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>
                      {formatMoney(item.amount, item.currency)}
                    </Table.Td>
                    <Table.Td>{formatSince(item.since)}</Table.Td>
                    {mayAct ? (
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          {actOn(item)}
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        ) : null}
      </section>

      {DIALOGS.map(([which, Dialog]) => (
        <Dialog
          key={which}
          item={dialog?.kind === which ? dialog.item : null}
          opened={opened && dialog?.kind === which}
          onClose={() => {
            closing.current = true;
            setOpened(false);
          }}
          onDone={say}
          onExitTransitionEnd={() => {
            closing.current = false;
            setExits((count) => count + 1);
          }}
        />
      ))}
    </Stack>
  );
}
