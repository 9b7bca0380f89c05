import {
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { ConsoleMoneyItem } from '@visita/domain/contract/console-money';
import type { COLLECTED_PAYMENT_METHODS } from '@visita/domain/contract/console-appointments';
import { type ReactNode, useRef, useState } from 'react';
import { ApiAlert, FormAlert } from '../../ui/api-alert.tsx';
import { COPY, formatMoney } from './copy.ts';
import { useRecordPayment } from './record-payment.ts';
import { useSettleCompanyPayment } from './settle-company-payment.ts';
import { useWriteOff } from './write-off.ts';

type PaymentMethod = (typeof COLLECTED_PAYMENT_METHODS)[number];

/** The API's shortest reason (consoleWriteOffBodySchema). */
const MIN_REASON = 3;

export interface DialogProps {
  /** The row it acts on; null until one is chosen (the dialog stays mounted, closed). */
  item: ConsoleMoneyItem | null;
  opened: boolean;
  onClose: () => void;
  /** The success said once the dialog closed. */
  onDone: (text: string) => void;
  onExitTransitionEnd: () => void;
}

function Dialog({
  title,
  opened,
  onClose,
  onExitTransitionEnd,
  onSubmit,
  children,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  onExitTransitionEnd: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExitTransitionEnd}
      title={title}
      closeButtonProps={{ 'aria-label': COPY.close }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack>{children}</Stack>
      </form>
    </Modal>
  );
}

function Buttons({
  submit,
  pending,
  onBack,
  danger,
}: {
  submit: string;
  pending: boolean;
  onBack: () => void;
  danger?: boolean;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onBack}>
        {COPY.back}
      </Button>
      <Button type="submit" color={danger ? 'red' : undefined} loading={pending}>
        {submit}
      </Button>
    </Group>
  );
}

/** What is owed given up, with a reason: the amount to collect at the address, or the company's part. */
export function WriteOffDialog({ item, opened, onClose, onDone, onExitTransitionEnd }: DialogProps) {
  const [reason, setReason] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const writeOff = useWriteOff();
  const close = () => {
    setReason('');
    setTooShort(false);
    writeOff.reset();
    onClose();
  };
  const submit = () => {
    if (!item) return;
    if (reason.trim().length < MIN_REASON) {
      setTooShort(true);
      field.current?.focus();
      return;
    }
    setTooShort(false);
    writeOff.mutate(
      {
        params: { id: item.appointment_id },
        body: {
          kind: item.kind === 'company_billed' ? 'company_billed' : 'payment_pending',
          reason: reason.trim(),
        },
      },
      {
        onSuccess: (answer) => {
          close();
          onDone(COPY.done.writtenOff(item.code, formatMoney(answer.amount, item.currency)));
        },
      },
    );
  };
  return (
    <Dialog
      title={COPY.writeOffTitle(item?.code ?? '')}
      opened={opened}
      onClose={close}
      onExitTransitionEnd={onExitTransitionEnd}
      onSubmit={submit}
    >
      <Textarea
        ref={field}
        label={COPY.reason}
        description={COPY.reasonHint}
        styles={{ description: { color: 'var(--mantine-color-text)' } }}
        required
        minLength={MIN_REASON}
        maxLength={500}
        autosize
        minRows={3}
        value={reason}
        error={tooShort}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
      {item ? <Text size="sm">{COPY.writeOffNote(formatMoney(item.amount, item.currency))}</Text> : null}
      <FormAlert message={tooShort ? COPY.reasonTooShort : null} />
      <ApiAlert error={writeOff.error} />
      <Buttons submit={COPY.writeOffSubmit} pending={writeOff.isPending} onBack={close} danger />
    </Dialog>
  );
}

/** The company's part collected from the company, with an optional reference. */
export function SettleDialog({ item, opened, onClose, onDone, onExitTransitionEnd }: DialogProps) {
  const [reference, setReference] = useState('');
  const settle = useSettleCompanyPayment();
  const close = () => {
    setReference('');
    settle.reset();
    onClose();
  };
  const submit = () => {
    if (!item?.payment_id) return;
    const trimmed = reference.trim();
    settle.mutate(
      { params: { id: item.payment_id }, body: trimmed ? { reference: trimmed } : {} },
      {
        onSuccess: () => {
          close();
          onDone(COPY.done.settled(item.code, formatMoney(item.amount, item.currency)));
        },
      },
    );
  };
  return (
    <Dialog
      title={COPY.settleTitle(item?.code ?? '')}
      opened={opened}
      onClose={close}
      onExitTransitionEnd={onExitTransitionEnd}
      onSubmit={submit}
    >
      {item ? <Text size="sm">{COPY.settleNote(formatMoney(item.amount, item.currency))}</Text> : null}
      <TextInput
        label={COPY.reference}
        description={COPY.referenceHint}
        styles={{ description: { color: 'var(--mantine-color-text)' } }}
        maxLength={120}
        value={reference}
        onChange={(event) => setReference(event.currentTarget.value)}
      />
      <ApiAlert error={settle.error} />
      <Buttons submit={COPY.settleSubmit} pending={settle.isPending} onBack={close} />
    </Dialog>
  );
}

/** A payment collected at the address, recorded as the appointment's page records it. */
export function RecordPaymentDialog({ item, opened, onClose, onDone, onExitTransitionEnd }: DialogProps) {
  // null: what is owed, until the operator types another amount.
  const [amount, setAmount] = useState<number | string | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [reference, setReference] = useState('');
  const [invalid, setInvalid] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const record = useRecordPayment();
  const shown = amount ?? item?.amount ?? '';
  const close = () => {
    setAmount(null);
    setMethod('cash');
    setReference('');
    setInvalid(false);
    record.reset();
    onClose();
  };
  const submit = () => {
    if (!item) return;
    if (typeof shown !== 'number' || !Number.isInteger(shown) || shown <= 0) {
      setInvalid(true);
      field.current?.focus();
      return;
    }
    setInvalid(false);
    const trimmed = reference.trim();
    record.mutate(
      {
        params: { id: item.appointment_id },
        body: { amount: shown, method, ...(trimmed ? { reference: trimmed } : {}) },
      },
      {
        onSuccess: () => {
          close();
          onDone(COPY.done.recorded(item.code, formatMoney(shown, item.currency)));
        },
      },
    );
  };
  return (
    <Dialog
      title={COPY.paymentTitle(item?.code ?? '')}
      opened={opened}
      onClose={close}
      onExitTransitionEnd={onExitTransitionEnd}
      onSubmit={submit}
    >
      <NumberInput
        ref={field}
        label={COPY.paymentAmount}
        required
        min={1}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        value={shown}
        error={invalid}
        onChange={setAmount}
      />
      <NativeSelect
        label={COPY.paymentMethod}
        value={method}
        onChange={(event) => setMethod(event.currentTarget.value as PaymentMethod)}
        data={Object.entries(COPY.paymentMethods).map(([value, label]) => ({ value, label }))}
      />
      <TextInput
        label={COPY.reference}
        description={COPY.referenceHint}
        styles={{ description: { color: 'var(--mantine-color-text)' } }}
        maxLength={120}
        value={reference}
        onChange={(event) => setReference(event.currentTarget.value)}
      />
      <FormAlert message={invalid ? COPY.paymentAmountInvalid : null} />
      <ApiAlert error={record.error} />
      <Buttons submit={COPY.paymentSubmit} pending={record.isPending} onBack={close} />
    </Dialog>
  );
}
