import { Alert, Anchor, Button, Group, Table, Title } from '@mantine/core';
import type { ConsoleSectorRefusal } from '@visita/domain/contract/console-coverage';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { HttpError } from '../../api/http.ts';
import { CAPTION, ScrollRegion } from '../../ui/scroll-region.tsx';
import { COPY } from './copy.ts';

type BookedVisit = NonNullable<ConsoleSectorRefusal['visits']>[number];

/** The API's refusal slug when a sector change leaves booked visits without their service. */
const VISITS_BOOKED = 'sector-visits-booked';

/** The visits a refused sector change lists, when that is why it was refused; else none. */
export function bookedVisitsOf(error: unknown): BookedVisit[] {
  if (!(error instanceof HttpError) || error.slug !== VISITS_BOOKED) return [];
  return (error.error as ConsoleSectorRefusal).visits ?? [];
}

/**
 * The refusal of a sector change that leaves booked visits without their service: its text, each
 * visit with a link to its appointment (to cancel it there), and a second save that keeps them all
 * by id. The heading takes the focus when it shows, so a keyboard user lands on the list.
 */
export function BookedVisits({
  message,
  visits,
  pending,
  onKeep,
  onBack,
}: {
  message: string;
  visits: readonly BookedVisit[];
  pending: boolean;
  onKeep: () => void;
  onBack: () => void;
}) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <section aria-labelledby="sector-booked-title">
      <Title order={2} size="h3" id="sector-booked-title" ref={title} tabIndex={-1} mb="xs">
        {COPY.bookedTitle}
      </Title>
      <Alert color="yellow" role="alert" mb="sm" data-testid="sector-booked-refusal">
        {message} {COPY.bookedIntro}
      </Alert>
      <ScrollRegion label={COPY.bookedTitle} minWidth={560}>
        <Table captionSide="top" data-testid="sector-booked-visits">
          <Table.Caption style={CAPTION}>{COPY.bookedCaption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{COPY.bookedPatient}</Table.Th>
              <Table.Th scope="col">{COPY.bookedWhen}</Table.Th>
              <Table.Th scope="col">{COPY.bookedStatus}</Table.Th>
              <Table.Th scope="col">{COPY.bookedAppointment}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visits.map((visit) => (
              <Table.Tr key={visit.visit_id}>
                <Table.Th scope="row">{visit.patient}</Table.Th>
                <Table.Td>{visit.begin_date.slice(0, 16)}</Table.Td>
                <Table.Td>{COPY.bookedStatuses[visit.status]}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/citas/${visit.appointment_id}`}>
                    #{visit.code}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
      <Group mt="sm">
        <Button loading={pending} onClick={onKeep}>
          {COPY.keepAndSave(visits.length)}
        </Button>
        <Button variant="default" onClick={onBack}>
          {COPY.bookedBack}
        </Button>
      </Group>
    </section>
  );
}
