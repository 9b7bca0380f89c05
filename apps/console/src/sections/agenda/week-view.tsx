import { Anchor, Table, Text, Title } from '@mantine/core';
import type { AppointmentStatus } from '@visita/domain/contract/appointments';
import type { AgendaServiceKind } from '@visita/domain/contract/console-agenda';
import { Link } from 'react-router';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { CAPTION, ScrollRegion } from '../../ui/scroll-region.tsx';
import { useAgendaWeek } from './agenda-week.ts';
import { COPY, WEEK_COPY } from './copy.ts';

/** 'lun 30 nov' for a calendar day. */
function shortDay(date: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  return new Intl.DateTimeFormat('es-CL', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(at);
}

/**
 * A sector's week: one row per nurse, one column per day, each cell her booked blocks over the
 * blocks she works; each day's heading opens that day's agenda.
 */
export function WeekView({
  sectorId,
  date,
  clientId,
  kind,
  status,
  dayLink,
}: {
  sectorId: string;
  date: string;
  clientId: string | undefined;
  kind: AgendaServiceKind | undefined;
  status: AppointmentStatus | undefined;
  /** The agenda's address for one day, the other filters kept. */
  dayLink: (date: string) => string;
}) {
  const week = useAgendaWeek({ sector_id: sectorId, date, client_id: clientId, kind, status });
  const data = week.data;
  return (
    <section aria-labelledby="agenda-week-title">
      <Title order={2} id="agenda-week-title" size="h3" mb="sm">
        {WEEK_COPY.title}
      </Title>
      <ApiAlert error={week.error} />
      <Text role="status" size="sm">
        {week.isFetching ? COPY.loading : ''}
      </Text>
      {data && data.nurses.length === 0 ? <Text>{WEEK_COPY.noNurses}</Text> : null}
      {data && data.nurses.length > 0 ? (
        <ScrollRegion label={WEEK_COPY.title} minWidth={900}>
          <Table captionSide="top" withColumnBorders withTableBorder>
            <Table.Caption style={CAPTION}>
              {WEEK_COPY.caption(data.sector.name, shortDay(date))}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{COPY.nurse}</Table.Th>
                {data.days.map((day) => (
                  <Table.Th scope="col" key={day.date}>
                    <Anchor
                      component={Link}
                      to={dayLink(day.date)}
                      aria-label={WEEK_COPY.openDay(shortDay(day.date))}
                    >
                      {shortDay(day.date)}
                    </Anchor>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{WEEK_COPY.sector}</Table.Th>
                {data.days.map((day) => (
                  <Table.Td key={day.date} fw={700}>
                    {WEEK_COPY.cell(day.booked, day.capacity)}
                  </Table.Td>
                ))}
              </Table.Tr>
              {data.nurses.map((nurse) => (
                <Table.Tr key={nurse.id}>
                  <Table.Th scope="row">{nurse.name}</Table.Th>
                  {nurse.days.map((day, index) => (
                    <Table.Td key={data.days[index]?.date ?? index}>
                      {day ? WEEK_COPY.cell(day.booked, day.capacity) : WEEK_COPY.off}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      ) : null}
    </section>
  );
}
