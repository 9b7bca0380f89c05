import { Alert, Button, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { usePermission } from '../../auth/use-me.ts';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { CAPTION, ScrollRegion } from '../../ui/scroll-region.tsx';
import { kilometres, ROUTE_COPY } from './copy.ts';
import { useApplyRoute, useDayRoute } from './day-route.ts';

/**
 * The day's travel below the agenda: each nurse's visits in block order with the straight-line
 * distance from one to the next, and the reassignment that shortens the day without moving any
 * visit's time, applied in one action by those who may move visits.
 */
export function RoutePanel({
  sectorId,
  date,
  sectorName,
  when,
  time,
}: {
  sectorId: string;
  date: string;
  sectorName: string;
  when: string;
  time: (iso: string) => string;
}) {
  const route = useDayRoute({ sector_id: sectorId, date });
  const apply = useApplyRoute();
  const mayMove = usePermission('appointments.move');
  const done = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (apply.data) done.current?.focus();
  }, [apply.data]);

  const day = route.data;
  const withLegs = day?.nurses.filter((nurse) => nurse.legs.length > 0) ?? [];
  const percent =
    day && day.meters > 0
      ? new Intl.NumberFormat('es-CL', { style: 'percent', maximumFractionDigits: 1 }).format(
          day.plan.saved_meters / day.meters,
        )
      : '';
  return (
    <section aria-labelledby="agenda-route-title">
      <Title order={2} id="agenda-route-title" size="h3" mb="sm">
        {ROUTE_COPY.title}
      </Title>
      <Stack>
        <ApiAlert error={route.error} />
        {day && withLegs.length === 0 ? <Text>{ROUTE_COPY.none}</Text> : null}
        {day && withLegs.length > 0 ? (
          <>
            <ScrollRegion label={ROUTE_COPY.legsRegion} minWidth={640}>
              <Table captionSide="top" withTableBorder>
                <Table.Caption style={CAPTION}>{ROUTE_COPY.caption(sectorName, when)}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{ROUTE_COPY.nurse}</Table.Th>
                    <Table.Th scope="col">{ROUTE_COPY.legs}</Table.Th>
                    <Table.Th scope="col" style={{ textAlign: 'right' }}>
                      {ROUTE_COPY.total}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {withLegs.map((nurse) => (
                    <Table.Tr key={nurse.id}>
                      <Table.Th scope="row">{nurse.name}</Table.Th>
                      <Table.Td>
                        {nurse.legs
                          .map((leg) => `${leg.from} → ${leg.to}: ${kilometres(leg.meters)}`)
                          .join(' · ')}
                      </Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{kilometres(nurse.meters)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
            <Text>{ROUTE_COPY.dayTotal(kilometres(day.meters))}</Text>
          </>
        ) : null}
        {apply.data ? (
          <Alert color="green" role="status" ref={done} tabIndex={-1}>
            {ROUTE_COPY.applied(apply.data.moved)}
          </Alert>
        ) : null}
        <ApiAlert error={apply.error} />
        {day && withLegs.length > 0 ? (
          <div>
            <Title order={3} size="h4" mb="xs">
              {ROUTE_COPY.planTitle}
            </Title>
            {day.plan.moves.length === 0 ? (
              <Text>{ROUTE_COPY.noPlan}</Text>
            ) : (
              <Stack>
                <Text>
                  {ROUTE_COPY.saving(kilometres(day.plan.saved_meters), kilometres(day.plan.meters), percent)}
                </Text>
                <ScrollRegion label={ROUTE_COPY.planCaption} minWidth={560}>
                  <Table captionSide="top" withTableBorder>
                    <Table.Caption style={CAPTION}>{ROUTE_COPY.planCaption}</Table.Caption>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{ROUTE_COPY.code}</Table.Th>
                        <Table.Th scope="col">{ROUTE_COPY.time}</Table.Th>
                        <Table.Th scope="col">{ROUTE_COPY.from}</Table.Th>
                        <Table.Th scope="col">{ROUTE_COPY.to}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {day.plan.moves.map((move) => (
                        <Table.Tr key={move.appointment_id}>
                          <Table.Th scope="row" ff="monospace">
                            {move.code}
                          </Table.Th>
                          <Table.Td>{time(move.start)}</Table.Td>
                          <Table.Td>{move.from_nurse.name}</Table.Td>
                          <Table.Td>{move.to_nurse.name}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollRegion>
                {mayMove ? (
                  <div>
                    <Button
                      loading={apply.isPending}
                      onClick={() =>
                        apply.mutate({
                          body: {
                            sector_id: sectorId,
                            date,
                            moves: day.plan.moves.map((move) => ({
                              appointment_id: move.appointment_id,
                              from_nurse_id: move.from_nurse.id,
                              to_nurse_id: move.to_nurse.id,
                            })),
                          },
                        })
                      }
                    >
                      {ROUTE_COPY.apply}
                    </Button>
                  </div>
                ) : null}
              </Stack>
            )}
          </div>
        ) : null}
      </Stack>
    </section>
  );
}
