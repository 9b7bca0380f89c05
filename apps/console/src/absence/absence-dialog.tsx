import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import type { AnswerOf } from '@visita/domain/contract/endpoint-types';
import type { consoleSickDaysProposal } from '@visita/domain/contract/endpoints';
import { useEffect, useRef, useState } from 'react';
import { ApiAlert } from '../ui/api-alert.tsx';
import { CAPTION, ScrollRegion } from '../ui/scroll-region.tsx';
import { useApplySickDays, useSickDaysProposal } from './absence-calls.ts';
import { SICK_COPY } from './copy.ts';

type SickDays = AnswerOf<typeof consoleSickDaysProposal>;

/** 'YYYY-MM-DD HH:mm:ss' → 'YYYY-MM-DD HH:mm'. */
const short = (localDateTime: string) => localDateTime.slice(0, 16);

function Visits({ answer, applied }: { answer: SickDays; applied: boolean }) {
  return (
    <ScrollRegion label={applied ? SICK_COPY.resultCaption : SICK_COPY.caption} minWidth={640}>
      <Table captionSide="top" withTableBorder>
        <Table.Caption style={CAPTION}>{applied ? SICK_COPY.resultCaption : SICK_COPY.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{SICK_COPY.code}</Table.Th>
            <Table.Th scope="col">{SICK_COPY.patient}</Table.Th>
            <Table.Th scope="col">{SICK_COPY.now}</Table.Th>
            <Table.Th scope="col">{SICK_COPY.proposal}</Table.Th>
            {applied ? (
              <>
                <Table.Th scope="col">{SICK_COPY.result}</Table.Th>
                <Table.Th scope="col">{SICK_COPY.emailed}</Table.Th>
              </>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {answer.visits.map((visit) => (
            <Table.Tr key={visit.appointment_id}>
              <Table.Th scope="row" ff="monospace">
                {visit.code}
              </Table.Th>
              <Table.Td>
                {visit.patient}
                {visit.commune ? ` · ${visit.commune}` : ''}
              </Table.Td>
              <Table.Td>{short(visit.begin_date)}</Table.Td>
              <Table.Td>
                {visit.proposal
                  ? `${visit.proposal.nurse.name} · ${short(visit.proposal.begin_date)} (${
                      visit.proposal.time_changed ? SICK_COPY.timeChanged : SICK_COPY.sameTime
                    })`
                  : SICK_COPY.nobody}
              </Table.Td>
              {applied ? (
                <>
                  <Table.Td>{visit.result === 'moved' ? SICK_COPY.moved : SICK_COPY.unplaced}</Table.Td>
                  <Table.Td>{visit.notified ? SICK_COPY.yes : SICK_COPY.no}</Table.Td>
                </>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/**
 * A nurse calls in sick: the days, then what would happen to each of her visits (nothing changes
 * yet), then one action that marks her off and moves them; what nobody could take is listed.
 */
export function SickDaysDialog({
  nurse,
  date,
  opened,
  onClose,
}: {
  nurse: { id: string; name: string };
  date: string;
  opened: boolean;
  onClose: () => void;
}) {
  const [from, setFrom] = useState(date);
  const [to, setTo] = useState(date);
  const proposal = useSickDaysProposal();
  const apply = useApplySickDays();
  const summary = useRef<HTMLDivElement>(null);

  const close = () => {
    proposal.reset();
    apply.reset();
    onClose();
  };
  const range = { params: { id: nurse.id }, body: { from, to } };
  const changeRange = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    // Another range: the proposal shown no longer answers it.
    proposal.reset();
  };

  const applied = apply.data;
  const shown = applied ?? proposal.data;
  // Once applied, the button pressed is gone: focus goes to what happened.
  useEffect(() => {
    if (applied) summary.current?.focus();
  }, [applied]);
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={SICK_COPY.title(nurse.name)}
      size="xl"
      closeButtonProps={{ 'aria-label': SICK_COPY.close }}
    >
      <Stack>
        {applied ? null : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              proposal.mutate(range);
            }}
          >
            <Group align="flex-end">
              <TextInput
                type="date"
                label={SICK_COPY.from}
                value={from}
                required
                onChange={(event) => changeRange(setFrom)(event.currentTarget.value)}
              />
              <TextInput
                type="date"
                label={SICK_COPY.to}
                value={to}
                required
                onChange={(event) => changeRange(setTo)(event.currentTarget.value)}
              />
              <Button type="submit" variant="outline" loading={proposal.isPending}>
                {SICK_COPY.propose}
              </Button>
            </Group>
          </form>
        )}
        <ApiAlert error={proposal.error ?? apply.error} />
        {applied ? (
          <Alert color="green" role="status" ref={summary} tabIndex={-1}>
            {SICK_COPY.summary(
              applied.visits.filter((visit) => visit.result === 'moved').length,
              applied.visits.filter((visit) => visit.result === 'unplaced').length,
            )}
          </Alert>
        ) : null}
        {shown && shown.holds.length > 0 ? (
          <Text role="status">
            {applied
              ? SICK_COPY.holdsApplied(
                  applied.holds.filter((hold) => hold.result === 'moved').length,
                  applied.holds.filter((hold) => hold.result === 'released').length,
                )
              : SICK_COPY.holdsProposed(shown.holds.length)}
          </Text>
        ) : null}
        {shown && shown.visits.length === 0 && !applied ? <Text role="status">{SICK_COPY.none}</Text> : null}
        {shown && shown.visits.length > 0 ? <Visits answer={shown} applied={Boolean(applied)} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {applied ? SICK_COPY.close : SICK_COPY.cancel}
          </Button>
          {applied ? null : (
            <Button disabled={!proposal.data} loading={apply.isPending} onClick={() => apply.mutate(range)}>
              {SICK_COPY.apply}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
