import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { AnswerOf } from '@visita/domain/contract/endpoint-types';
import type { consoleMoveAppointment } from '@visita/domain/contract/endpoints';
import { useState } from 'react';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { MOVE_COPY } from './copy.ts';
import { useMoveAppointment, useMoveOptions } from './move-appointment.ts';

export type MoveAnswer = AnswerOf<typeof consoleMoveAppointment>;

/** 'YYYY-MM-DD HH:mm:ss' → 'HH:mm'. */
const clock = (localDateTime: string) => localDateTime.slice(11, 16);

/**
 * Moving a visit: a day (the visit's own first), then one of its blocks with a free nurse who can
 * do the visit, then the nurse. What is offered is what the API would accept a moment ago; a
 * nurse taken in between is refused by the API and said here, and the day's options read again.
 */
export function MoveDialog({
  appointmentId,
  version,
  opened,
  onClose,
  onMoved,
}: {
  appointmentId: string;
  /** The version the page shows: a move from an older one answers 409 appointment-changed. */
  version: number;
  opened: boolean;
  onClose: () => void;
  onMoved: (answer: MoveAnswer) => void;
}) {
  const [date, setDate] = useState<string | null>(null);
  const [blockBegin, setBlockBegin] = useState('');
  const [nurseId, setNurseId] = useState('');
  const options = useMoveOptions(appointmentId, date, opened);
  const move = useMoveAppointment();

  const shownDate = date ?? options.data?.date ?? '';
  const blocks = options.data?.blocks.filter((block) => block.nurses.length > 0) ?? [];
  const block = blocks.find((candidate) => candidate.begin_date === blockBegin) ?? blocks[0];
  const nurse = block?.nurses.find((candidate) => candidate.id === nurseId) ?? block?.nurses[0];
  const current = options.data?.current;

  const close = () => {
    setDate(null);
    setBlockBegin('');
    setNurseId('');
    move.reset();
    onClose();
  };

  const submit = () => {
    if (!block || !nurse) return;
    move.mutate(
      {
        params: { id: appointmentId },
        body: { begin_date: block.begin_date, end_date: block.end_date, nurse_id: nurse.id, version },
      },
      {
        onSuccess: (answer) => {
          close();
          onMoved(answer);
        },
        // Someone took it meanwhile: what is free now.
        onError: () => void options.refetch(),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={MOVE_COPY.title}
      size="lg"
      closeButtonProps={{ 'aria-label': MOVE_COPY.close }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          {current ? (
            <Text size="sm">{MOVE_COPY.now(current.begin_date.slice(0, 10), clock(current.begin_date))}</Text>
          ) : null}
          <TextInput
            type="date"
            label={MOVE_COPY.day}
            value={shownDate}
            required
            onChange={(event) => {
              if (!event.currentTarget.value) return;
              setDate(event.currentTarget.value);
              setBlockBegin('');
              setNurseId('');
            }}
          />
          <ApiAlert error={options.error} />
          {options.isFetching && !options.data ? <Text role="status">{MOVE_COPY.loading}</Text> : null}
          {options.data && blocks.length === 0 ? <Text role="status">{MOVE_COPY.noBlocks}</Text> : null}
          {blocks.length > 0 ? (
            <>
              <NativeSelect
                label={MOVE_COPY.block}
                value={block?.begin_date ?? ''}
                onChange={(event) => {
                  setBlockBegin(event.currentTarget.value);
                  setNurseId('');
                }}
                data={blocks.map((candidate) => ({
                  value: candidate.begin_date,
                  label: MOVE_COPY.blockLabel(
                    clock(candidate.begin_date),
                    clock(candidate.end_date),
                    candidate.nurses.length,
                    candidate.begin_date === current?.begin_date,
                  ),
                }))}
              />
              <NativeSelect
                label={MOVE_COPY.nurse}
                value={nurse?.id ?? ''}
                onChange={(event) => setNurseId(event.currentTarget.value)}
                data={(block?.nurses ?? []).map((candidate) => ({
                  value: candidate.id,
                  label: candidate.name,
                }))}
              />
            </>
          ) : null}
          <ApiAlert error={move.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {MOVE_COPY.cancel}
            </Button>
            <Button type="submit" disabled={!block || !nurse} loading={move.isPending}>
              {MOVE_COPY.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
