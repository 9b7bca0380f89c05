import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { COLLECTED_PAYMENT_METHODS } from '@visita/domain/contract/console-appointments';
import type { AnswerOf } from '@visita/domain/contract/endpoint-types';
import type { consoleAppointment } from '@visita/domain/contract/endpoints';
import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { usePermission } from '../../auth/use-me.ts';
import { ApiAlert, FormAlert } from '../../ui/api-alert.tsx';
import { CAPTION, ScrollRegion } from '../../ui/scroll-region.tsx';
import {
  useAddNote,
  useCancelAppointment,
  useRecordPayment,
  useResendConfirmation,
  useSetOutcome,
} from './appointment-actions.ts';
import { ACTIONS_COPY, COPY } from './copy.ts';
import { formatsFor } from './format.ts';

type Appointment = AnswerOf<typeof consoleAppointment>;
type PaymentMethod = (typeof COLLECTED_PAYMENT_METHODS)[number];

const CANCELLABLE: readonly Appointment['status'][] = ['pending', 'scheduled', 'confirmed'];
const PAID = 'Payment Successful';
/** The API's shortest reason (consoleCancelBodySchema). */
const MIN_REASON = 3;

/**
 * A success, said once: each new one is a new element with role="status" (so the same text twice
 * is announced twice, and a refetch of the page never announces it again). It takes the focus when
 * the button that led to it is gone.
 */
function Status({
  said,
  statusRef,
}: {
  said: { text: string; key: number } | null;
  statusRef?: RefObject<HTMLDivElement | null>;
}) {
  if (!said) return null;
  return (
    <Alert key={said.key} ref={statusRef} color="green" role="status" tabIndex={-1} maw={640}>
      {said.text}
    </Alert>
  );
}

/** A success message and its key: `say(text)` shows a new one. */
function useSaid() {
  const [said, setSaid] = useState<{ text: string; key: number } | null>(null);
  const say = (text: string | null) =>
    setSaid((previous) => (text === null ? null : { text, key: (previous?.key ?? 0) + 1 }));
  return [said, say] as const;
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

/** Cancelling with a reason; the card payment's refund is the API's answer. */
function CancelDialog({
  appointmentId,
  version,
  opened,
  onClose,
  onCancelled,
  onExitTransitionEnd,
}: {
  appointmentId: string;
  /** The version this page shows: a cancel from an older one answers 409 appointment-changed. */
  version: number;
  opened: boolean;
  onClose: () => void;
  onCancelled: (refund: number) => void;
  onExitTransitionEnd: () => void;
}) {
  const [reason, setReason] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const cancel = useCancelAppointment();

  const close = () => {
    setReason('');
    setTooShort(false);
    cancel.reset();
    onClose();
  };

  const submit = () => {
    if (reason.trim().length < MIN_REASON) {
      setTooShort(true);
      field.current?.focus();
      return;
    }
    setTooShort(false);
    cancel.mutate(
      { params: { id: appointmentId }, body: { reason: reason.trim(), version } },
      {
        onSuccess: (answer) => {
          close();
          onCancelled(answer.refund);
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      onExitTransitionEnd={onExitTransitionEnd}
      title={ACTIONS_COPY.cancelTitle}
      closeButtonProps={{ 'aria-label': ACTIONS_COPY.close }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Textarea
            ref={field}
            label={ACTIONS_COPY.reason}
            description={ACTIONS_COPY.reasonHint}
            required
            minLength={MIN_REASON}
            maxLength={500}
            autosize
            minRows={3}
            value={reason}
            error={tooShort}
            // aria-invalid without Mantine's red text (3.3:1 on white); the alert says why.
            withErrorStyles={false}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Text size="sm">{ACTIONS_COPY.refundNote}</Text>
          <FormAlert message={tooShort ? ACTIONS_COPY.reasonTooShort : null} />
          <ApiAlert error={cancel.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {ACTIONS_COPY.back}
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending}>
              {ACTIONS_COPY.cancelSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A payment collected at the address: how much (what is left to collect unless said otherwise), how, a reference. */
function PaymentDialog({
  appointmentId,
  total,
  opened,
  onClose,
  onRecorded,
  onExitTransitionEnd,
}: {
  appointmentId: string;
  total: number;
  opened: boolean;
  onClose: () => void;
  onRecorded: (amount: number, method: PaymentMethod) => void;
  onExitTransitionEnd: () => void;
}) {
  // null: the appointment's total, until the operator types another amount.
  const [amount, setAmount] = useState<number | string | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [reference, setReference] = useState('');
  const [invalid, setInvalid] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const record = useRecordPayment();
  const shownAmount = amount ?? total;

  const close = () => {
    setAmount(null);
    setMethod('cash');
    setReference('');
    setInvalid(false);
    record.reset();
    onClose();
  };

  const submit = () => {
    if (typeof shownAmount !== 'number' || !Number.isInteger(shownAmount) || shownAmount <= 0) {
      setInvalid(true);
      field.current?.focus();
      return;
    }
    setInvalid(false);
    const trimmed = reference.trim();
    record.mutate(
      {
        params: { id: appointmentId },
        body: { amount: shownAmount, method, ...(trimmed ? { reference: trimmed } : {}) },
      },
      {
        onSuccess: () => {
          close();
          onRecorded(shownAmount, method);
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      onExitTransitionEnd={onExitTransitionEnd}
      title={ACTIONS_COPY.paymentTitle}
      closeButtonProps={{ 'aria-label': ACTIONS_COPY.close }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <NumberInput
            ref={field}
            label={ACTIONS_COPY.paymentAmount}
            required
            min={1}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            value={shownAmount}
            error={invalid}
            withErrorStyles={false}
            onChange={setAmount}
          />
          <NativeSelect
            label={ACTIONS_COPY.paymentMethod}
            value={method}
            onChange={(event) => setMethod(event.currentTarget.value as PaymentMethod)}
            data={Object.entries(ACTIONS_COPY.paymentMethods).map(([value, label]) => ({ value, label }))}
          />
          <TextInput
            label={ACTIONS_COPY.paymentReference}
            description={ACTIONS_COPY.paymentReferenceHint}
            maxLength={120}
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
          />
          <FormAlert message={invalid ? ACTIONS_COPY.paymentAmountInvalid : null} />
          <ApiAlert error={record.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {ACTIONS_COPY.back}
            </Button>
            <Button type="submit" loading={record.isPending}>
              {ACTIONS_COPY.paymentSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The appointment's actions, each for the roles that hold its permission and while its state
 * allows it: cancel (until it is cancelled or expired), a payment collected at the address (a
 * confirmed visit not yet paid), the outcome and the confirmation e-mail again (a confirmed visit).
 * The API decides the rest (the visit begun, an e-mail to send) and its refusal is shown.
 */
export function AppointmentActions({
  appointment: a,
  country,
}: {
  appointment: Appointment;
  country: string | null | undefined;
}) {
  const mayCancel = usePermission('appointments.cancel');
  const maySettle = usePermission('payments.settle');
  const mayMove = usePermission('appointments.move');
  const [dialog, setDialog] = useState<'cancel' | 'payment' | null>(null);
  const [said, say] = useSaid();
  const statusRef = useRef<HTMLDivElement>(null);
  // Set when a dialog's success removed the button that opened it: the status takes the focus.
  const focusStatus = useRef(false);
  const outcome = useSetOutcome();
  const resend = useResendConfirmation();
  const { money } = formatsFor(country);

  if (!mayCancel && !maySettle && !mayMove) return null;

  const confirmed = a.status === 'confirmed';
  const canCancel = mayCancel && CANCELLABLE.includes(a.status);
  const canSettle = maySettle && confirmed && a.payment_status !== PAID;
  const canOutcome = mayMove && confirmed;
  const canResend = mayMove && confirmed;

  /** Before another action: the previous one's message and refusal go. */
  const start = () => {
    say(null);
    outcome.reset();
    resend.reset();
  };
  const afterDialog = () => {
    if (!focusStatus.current) return;
    focusStatus.current = false;
    statusRef.current?.focus();
  };
  const setOutcome = (value: 'done' | 'no_show') => {
    if (outcome.isPending) return;
    start();
    outcome.mutate(
      { params: { id: a.id }, body: { outcome: value, version: a.version } },
      { onSuccess: () => say(ACTIONS_COPY.outcomeRecorded(ACTIONS_COPY.outcomeLabels[value])) },
    );
  };
  const resendConfirmation = () => {
    if (resend.isPending) return;
    start();
    resend.mutate({ params: { id: a.id } }, { onSuccess: () => say(ACTIONS_COPY.resent) });
  };

  return (
    <Section id="appointment-actions" title={ACTIONS_COPY.title}>
      <Stack gap="sm" align="flex-start">
        <Status said={said} statusRef={statusRef} />
        <ApiAlert error={outcome.error ?? resend.error} />
        {canCancel || canSettle || canOutcome || canResend ? (
          <Group gap="sm">
            {canOutcome ? (
              <>
                <Button variant="outline" onClick={() => setOutcome('done')}>
                  {ACTIONS_COPY.outcomeDone}
                </Button>
                <Button variant="outline" onClick={() => setOutcome('no_show')}>
                  {ACTIONS_COPY.outcomeNoShow}
                </Button>
              </>
            ) : null}
            {canResend ? (
              <Button variant="outline" onClick={resendConfirmation}>
                {ACTIONS_COPY.resend}
              </Button>
            ) : null}
            {canSettle ? (
              <Button
                variant="outline"
                onClick={() => {
                  start();
                  setDialog('payment');
                }}
              >
                {ACTIONS_COPY.paymentOpen}
              </Button>
            ) : null}
            {canCancel ? (
              <Button
                variant="outline"
                color="red"
                onClick={() => {
                  start();
                  setDialog('cancel');
                }}
              >
                {ACTIONS_COPY.cancelOpen}
              </Button>
            ) : null}
          </Group>
        ) : (
          <Text>{ACTIONS_COPY.none}</Text>
        )}
      </Stack>
      <CancelDialog
        appointmentId={a.id}
        version={a.version}
        opened={dialog === 'cancel'}
        onClose={() => setDialog(null)}
        onExitTransitionEnd={afterDialog}
        onCancelled={(refund) => {
          focusStatus.current = true;
          say(
            refund > 0
              ? `${ACTIONS_COPY.cancelled} ${ACTIONS_COPY.refunded(money(refund))}`
              : ACTIONS_COPY.cancelled,
          );
        }}
      />
      <PaymentDialog
        appointmentId={a.id}
        total={a.amounts.ledger?.to_collect ?? a.amounts.total}
        opened={dialog === 'payment'}
        onClose={() => setDialog(null)}
        onExitTransitionEnd={afterDialog}
        onRecorded={(amount, method) => {
          focusStatus.current = true;
          say(ACTIONS_COPY.paymentRecorded(money(amount), ACTIONS_COPY.paymentMethods[method]));
        }}
      />
    </Section>
  );
}

/** The appointment's internal notes, newest first, and a new one: for the roles that write them. */
export function AppointmentNotes({
  appointment: a,
  country,
}: {
  appointment: Appointment;
  country: string | null | undefined;
}) {
  const mayNote = usePermission('appointments.note');
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  const [said, say] = useSaid();
  const field = useRef<HTMLTextAreaElement>(null);
  const add = useAddNote();
  const { dateTime } = formatsFor(country);

  if (!mayNote) return null;

  const submit = () => {
    if (add.isPending) return;
    say(null);
    if (!text.trim()) {
      setEmpty(true);
      field.current?.focus();
      return;
    }
    setEmpty(false);
    add.mutate(
      { params: { id: a.id }, body: { text: text.trim() } },
      {
        onSuccess: () => {
          setText('');
          say(ACTIONS_COPY.noteAdded);
        },
      },
    );
  };

  return (
    <Section id="appointment-notes" title={ACTIONS_COPY.notes}>
      <Stack gap="sm">
        <Text size="sm">{ACTIONS_COPY.notesHint}</Text>
        {a.notes.length === 0 ? (
          <Text>{ACTIONS_COPY.noNotes}</Text>
        ) : (
          <ScrollRegion label={ACTIONS_COPY.notes} minWidth={600}>
            <Table captionSide="top">
              <Table.Caption style={CAPTION}>{ACTIONS_COPY.notesCaption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{COPY.when}</Table.Th>
                  <Table.Th scope="col">{COPY.who}</Table.Th>
                  <Table.Th scope="col">{ACTIONS_COPY.note}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {a.notes.map((note, index) => (
                  <Table.Tr key={index}>
                    <Table.Th scope="row" fw="normal" style={{ whiteSpace: 'nowrap' }}>
                      {dateTime(note.at)}
                    </Table.Th>
                    <Table.Td>{note.author}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {note.text}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm" maw={640} align="flex-start">
            <Textarea
              ref={field}
              label={ACTIONS_COPY.newNote}
              required
              maxLength={2000}
              autosize
              minRows={2}
              w="100%"
              value={text}
              error={empty}
              withErrorStyles={false}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            <FormAlert message={empty ? ACTIONS_COPY.noteTooShort : null} />
            <ApiAlert error={add.error} />
            <Button type="submit" variant="outline">
              {ACTIONS_COPY.addNote}
            </Button>
            <Status said={said} />
          </Stack>
        </form>
      </Stack>
    </Section>
  );
}
