import {
  Anchor,
  Box,
  Button,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '@visita/domain/contract/appointments';
import { AGENDA_SERVICE_KINDS, type AgendaServiceKind } from '@visita/domain/contract/console-agenda';
import type { AnswerOf } from '@visita/domain/contract/endpoint-types';
import type * as endpoints from '@visita/domain/contract/endpoints';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useAgendaDay } from './agenda-day.ts';
import { CAPTION, ScrollRegion } from '../../ui/scroll-region.tsx';
import { usePermission } from '../../auth/use-me.ts';
import { SickDaysDialog } from '../../absence/absence-dialog.tsx';
import { SICK_COPY } from '../../absence/copy.ts';
import { COPY, KIND_LABELS, paymentStatusLabel, STATUS_LABELS, WEEK_COPY } from './copy.ts';
import { RoutePanel } from './route-panel.tsx';
import { WeekView } from './week-view.tsx';
import { usePartners } from './list-partners.ts';
import { useSectors } from '../../api/list-sectors.ts';

type Nurse = AnswerOf<typeof endpoints.consoleAgendaDay>['nurses'][number];
type Block = Nurse['blocks'][number];

/** Tomorrow's date on this computer's calendar, as YYYY-MM-DD. */
function tomorrow(): string {
  const day = new Date();
  day.setDate(day.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** A calendar day (YYYY-MM-DD) in words, e.g. "viernes, 27 de noviembre de 2026". */
function dayInWords(date: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  return new Intl.DateTimeFormat('es-CL', { dateStyle: 'full', timeZone: 'UTC' }).format(at);
}

function Visit({ block }: { block: Block }) {
  const visit = block.visit;
  if (!visit) return null;
  const payment = paymentStatusLabel(visit.payment_status);
  return (
    <Stack gap={2}>
      <Anchor component={Link} to={`/citas/${visit.appointment_id}`} ff="monospace" fw={700}>
        {visit.code}
      </Anchor>
      <Text size="sm" fw={600}>
        {visit.patient}
      </Text>
      {visit.commune ? <Text size="sm">{visit.commune}</Text> : null}
      {visit.services.length > 0 ? <Text size="sm">{visit.services.join(', ')}</Text> : null}
      <Text size="sm">
        {STATUS_LABELS[visit.status]}
        {payment ? ` · ${payment}` : ''}
      </Text>
    </Stack>
  );
}

const CELL_BACKGROUND: Record<Block['state'], string> = {
  free: 'var(--mantine-color-green-0)',
  hold: 'var(--mantine-color-yellow-0)',
  booked: 'var(--mantine-color-blue-0)',
};

function Cell({ block, time }: { block: Block | undefined; time: (iso: string) => string }) {
  if (!block) return <Table.Td>{COPY.notWorking}</Table.Td>;
  return (
    <Table.Td style={{ background: CELL_BACKGROUND[block.state], verticalAlign: 'top' }}>
      {block.state === 'free' ? COPY.free : null}
      {block.state === 'hold'
        ? block.hold_expires_at
          ? COPY.holdUntil(time(block.hold_expires_at))
          : COPY.hold
        : null}
      {block.state === 'booked' ? <Visit block={block} /> : null}
    </Table.Td>
  );
}

export function AgendaPage() {
  const [params, setParams] = useSearchParams();
  const sectors = useSectors();
  const partners = usePartners();
  const mayMarkAbsent = usePermission('nurses.days_off');
  // The nurse whose absence is being marked, and the button that opened it (focus goes back there).
  const [absent, setAbsent] = useState<{ id: string; name: string; opener: HTMLElement } | null>(null);
  const sectorId = params.get('sector') || sectors.data?.results[0]?.id || '';
  const date = params.get('date') || tomorrow();
  const clientId = params.get('client_id') || undefined;
  const statusParam = params.get('status');
  const status = APPOINTMENT_STATUSES.includes(statusParam as AppointmentStatus)
    ? (statusParam as AppointmentStatus)
    : undefined;
  const kindParam = params.get('kind');
  const kind = AGENDA_SERVICE_KINDS.includes(kindParam as AgendaServiceKind)
    ? (kindParam as AgendaServiceKind)
    : undefined;
  const view = params.get('view') === 'week' ? 'week' : 'day';
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const day = useAgendaDay(
    view === 'day' && sectorId && validDate
      ? { sector_id: sectorId, date, client_id: clientId, kind, status }
      : null,
  );
  const set = (name: string, value: string) => {
    // From the address bar as it is now, not as this render saw it: the router renders a change as a
    // transition, so a second filter changed before that render would drop the first one.
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const dayLink = (to: string) => {
    const next = new URLSearchParams(params);
    next.set('date', to);
    next.delete('view');
    return `/agenda?${next}`;
  };

  const agenda = day.data;
  const time = useMemo(() => {
    const format = new Intl.DateTimeFormat('es-CL', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: agenda?.sector.time_zone,
    });
    return (iso: string) => format.format(new Date(iso));
  }, [agenda?.sector.time_zone]);
  const blocks = useMemo(
    () => [...(agenda?.load ?? [])].sort((a, b) => Date.parse(a.start) - Date.parse(b.start)),
    [agenda],
  );
  const when = agenda ? dayInWords(agenda.date) : '';

  return (
    <Stack gap="lg">
      <PageTitle>{COPY.title}</PageTitle>
      <section aria-labelledby="agenda-filters-title">
        <Title order={2} id="agenda-filters-title" size="h3" mb="sm">
          {COPY.filtersTitle}
        </Title>
        <Group grow align="flex-start">
          <NativeSelect
            label={WEEK_COPY.view}
            value={view}
            onChange={(event) => set('view', event.currentTarget.value === 'week' ? 'week' : '')}
            data={[
              { value: 'day', label: WEEK_COPY.day },
              { value: 'week', label: WEEK_COPY.week },
            ]}
          />
          <NativeSelect
            label={COPY.sector}
            value={sectorId}
            onChange={(event) => set('sector', event.currentTarget.value)}
            data={
              sectors.data
                ? sectors.data.results.map((s) => ({ value: s.id, label: s.name }))
                : [{ value: '', label: COPY.loading }]
            }
          />
          <TextInput
            type="date"
            label={COPY.date}
            value={date}
            onChange={(event) => set('date', event.currentTarget.value)}
          />
          <NativeSelect
            label={COPY.partner}
            value={clientId ?? ''}
            onChange={(event) => set('client_id', event.currentTarget.value)}
            data={[
              { value: '', label: COPY.anyPartner },
              ...(partners.data?.results ?? []).map((p) => ({ value: p.id, label: p.name })),
            ]}
          />
          <NativeSelect
            label={COPY.kind}
            value={kind ?? ''}
            onChange={(event) => set('kind', event.currentTarget.value)}
            data={[
              { value: '', label: COPY.anyKind },
              ...AGENDA_SERVICE_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] })),
            ]}
          />
          <NativeSelect
            label={COPY.status}
            value={status ?? ''}
            onChange={(event) => set('status', event.currentTarget.value)}
            data={[
              { value: '', label: COPY.anyStatus },
              ...APPOINTMENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
            ]}
          />
        </Group>
      </section>

      {sectors.error ? <ApiAlert error={sectors.error} /> : null}
      {partners.error ? <ApiAlert error={partners.error} /> : null}
      {day.error ? <ApiAlert error={day.error} /> : null}
      {sectors.data?.results.length === 0 ? <Text>{COPY.noSectors}</Text> : null}
      <Text role="status" size="sm">
        {day.isFetching ? COPY.loading : ''}
      </Text>

      {view === 'week' && sectorId && validDate ? (
        <WeekView
          sectorId={sectorId}
          date={date}
          clientId={clientId}
          kind={kind}
          status={status}
          dayLink={dayLink}
        />
      ) : null}
      {view === 'day' && agenda ? (
        <>
          <section aria-labelledby="agenda-load-title">
            <Title order={2} id="agenda-load-title" size="h3" mb="sm">
              {COPY.loadTitle}
            </Title>
            <ScrollRegion label={COPY.loadTitle} minWidth={Math.max(400, 120 * (blocks.length + 1))}>
              <Table captionSide="top" withColumnBorders withTableBorder>
                <Table.Caption style={CAPTION}>{COPY.loadCaption(agenda.sector.name, when)}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{COPY.block}</Table.Th>
                    {blocks.map((b) => (
                      <Table.Th scope="col" key={b.start}>
                        {time(b.start)}–{time(b.end)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th scope="row">
                      {COPY.booked} / {COPY.capacity.toLowerCase()}
                    </Table.Th>
                    {blocks.map((b) => (
                      <Table.Td key={b.start}>{COPY.load(b.booked, b.capacity)}</Table.Td>
                    ))}
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </ScrollRegion>
          </section>

          <section aria-labelledby="agenda-grid-title">
            <Title order={2} id="agenda-grid-title" size="h3" mb="sm" tabIndex={-1}>
              {COPY.gridTitle}
            </Title>
            {agenda.nurses.length === 0 ? (
              <Text>{COPY.noNurses}</Text>
            ) : (
              <ScrollRegion label={COPY.gridTitle} minWidth={Math.max(600, 180 * (blocks.length + 1))}>
                <Table captionSide="top" withColumnBorders withTableBorder>
                  <Table.Caption style={CAPTION}>{COPY.gridCaption(agenda.sector.name, when)}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{COPY.nurse}</Table.Th>
                      {blocks.map((b) => (
                        <Table.Th scope="col" key={b.start}>
                          {time(b.start)}–{time(b.end)}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {agenda.nurses.map((nurse) => {
                      const byStart = new Map(nurse.blocks.map((b) => [Date.parse(b.start), b]));
                      return (
                        <Table.Tr key={nurse.id}>
                          <Table.Th scope="row" style={{ verticalAlign: 'top' }}>
                            <Box>{nurse.name}</Box>
                            {mayMarkAbsent ? (
                              <Button
                                size="compact-xs"
                                variant="subtle"
                                mt={4}
                                aria-label={SICK_COPY.open(nurse.name)}
                                onClick={(event) =>
                                  setAbsent({ id: nurse.id, name: nurse.name, opener: event.currentTarget })
                                }
                              >
                                {SICK_COPY.openShort}
                              </Button>
                            ) : null}
                          </Table.Th>
                          {blocks.map((b) => (
                            <Cell key={b.start} block={byStart.get(Date.parse(b.start))} time={time} />
                          ))}
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </ScrollRegion>
            )}
          </section>

          <RoutePanel
            sectorId={sectorId}
            date={agenda.date}
            sectorName={agenda.sector.name}
            when={when}
            time={time}
          />
        </>
      ) : null}
      {absent ? (
        <SickDaysDialog
          key={`${absent.id}|${date}`}
          nurse={absent}
          date={date}
          opened
          onClose={() => {
            // Her row is gone when she no longer works that day: the grid's heading instead.
            if (absent.opener.isConnected) absent.opener.focus();
            else document.getElementById('agenda-grid-title')?.focus();
            setAbsent(null);
          }}
        />
      ) : null}
    </Stack>
  );
}
