import { Anchor, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '@visita/domain/contract/appointments';
import { type FormEvent, useEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { CAPTION, ScrollRegion } from '../../ui/scroll-region.tsx';
import { COPY, PAYMENT_STATUS_LABELS, paymentStatusLabel, STATUS_LABELS } from './copy.ts';
import { formatsFor } from './format.ts';
import { usePartners } from './list-partners.ts';
import { type AppointmentSearch, useAppointmentSearch } from './search-appointments.ts';

const FIELDS = ['q', 'client_id', 'from', 'to', 'status', 'payment_status'] as const;

/** The search the address bar holds (so that going back from an appointment keeps it). */
function searchOf(params: URLSearchParams): AppointmentSearch {
  const value = (name: (typeof FIELDS)[number]) => params.get(name)?.trim() || undefined;
  const status = value('status');
  return {
    q: value('q'),
    client_id: value('client_id'),
    from: value('from'),
    to: value('to'),
    status: APPOINTMENT_STATUSES.includes(status as AppointmentStatus)
      ? (status as AppointmentStatus)
      : undefined,
    payment_status: value('payment_status'),
  };
}

export function AppointmentsPage() {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => searchOf(params), [params]);
  const partners = usePartners();
  const results = useAppointmentSearch(search);
  const partnerOf = useMemo(
    () => new Map((partners.data?.results ?? []).map((p) => [p.id, p])),
    [partners.data],
  );
  const rows = results.data?.pages.flatMap((page) => page.results) ?? [];

  // After 'Cargar más', the focus goes to the first appointment the new page brought.
  const firstNew = useRef<number | null>(null);
  const table = useRef<HTMLTableElement>(null);
  useEffect(() => {
    if (firstNew.current === null || results.isFetchingNextPage) return;
    const link = table.current?.querySelectorAll<HTMLAnchorElement>('tbody a')[firstNew.current];
    firstNew.current = null;
    link?.focus();
  }, [rows.length, results.isFetchingNextPage]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FIELDS) {
      const value = String(form.get(name) ?? '').trim();
      if (value) next.set(name, value);
    }
    setParams(next);
  };

  return (
    <Stack gap="lg">
      <PageTitle>{COPY.title}</PageTitle>
      <section aria-labelledby="appointments-search-title">
        <Title order={2} id="appointments-search-title" size="h3" mb="sm">
          {COPY.searchTitle}
        </Title>
        {/* Keyed by the search: 'Limpiar' and the browser's back show the fields it holds. */}
        <form
          key={params.toString()}
          onSubmit={submit}
          role="search"
          aria-labelledby="appointments-search-title"
        >
          <Stack gap="sm">
            <TextInput
              name="q"
              label={COPY.query}
              description={COPY.queryHint}
              styles={{ description: { color: 'var(--mantine-color-text)' } }}
              defaultValue={search.q ?? ''}
              maxLength={120}
            />
            <Group grow align="flex-start">
              <NativeSelect
                name="client_id"
                label={COPY.partner}
                defaultValue={search.client_id ?? ''}
                data={[
                  { value: '', label: COPY.anyPartner },
                  ...(partners.data?.results ?? []).map((p) => ({ value: p.id, label: p.name })),
                ]}
              />
              <TextInput name="from" type="date" label={COPY.from} defaultValue={search.from ?? ''} />
              <TextInput name="to" type="date" label={COPY.to} defaultValue={search.to ?? ''} />
            </Group>
            <Group grow align="flex-start">
              <NativeSelect
                name="status"
                label={COPY.status}
                defaultValue={search.status ?? ''}
                data={[
                  { value: '', label: COPY.anyStatus },
                  ...APPOINTMENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
                ]}
              />
              <NativeSelect
                name="payment_status"
                label={COPY.paymentStatus}
                defaultValue={search.payment_status ?? ''}
                data={[
                  { value: '', label: COPY.anyPaymentStatus },
                  ...Object.entries(PAYMENT_STATUS_LABELS).map(([value, label]) => ({ value, label })),
                ]}
              />
            </Group>
            <Group>
              <Button type="submit">{COPY.search}</Button>
              <Button type="button" variant="default" onClick={() => setParams(new URLSearchParams())}>
                {COPY.clear}
              </Button>
            </Group>
          </Stack>
        </form>
      </section>
      {partners.error ? <ApiAlert error={partners.error} /> : null}

      <section aria-labelledby="appointments-results-title">
        <Title order={2} id="appointments-results-title" size="h3" mb="sm">
          {COPY.resultsTitle}
        </Title>
        <Text role="status" size="sm" mb="xs">
          {results.isPending ? COPY.loading : results.isSuccess ? COPY.shown(rows.length) : ''}
        </Text>
        {results.error ? <ApiAlert error={results.error} /> : null}
        {results.isSuccess && rows.length === 0 ? <Text>{COPY.none}</Text> : null}
        {rows.length > 0 ? (
          <ScrollRegion label={COPY.resultsTitle} minWidth={900}>
            <Table ref={table} striped highlightOnHover captionSide="top">
              <Table.Caption style={CAPTION}>{COPY.caption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{COPY.code}</Table.Th>
                  <Table.Th scope="col">{COPY.date}</Table.Th>
                  <Table.Th scope="col">{COPY.time}</Table.Th>
                  <Table.Th scope="col">{COPY.patient}</Table.Th>
                  <Table.Th scope="col">{COPY.partner}</Table.Th>
                  <Table.Th scope="col">{COPY.status}</Table.Th>
                  <Table.Th scope="col">{COPY.paymentStatus}</Table.Th>
                  <Table.Th scope="col" style={{ textAlign: 'right' }}>
                    {COPY.total}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => {
                  const partner = partnerOf.get(row.client_id);
                  const { date: formatDate, time: formatTime, money } = formatsFor(partner?.country);
                  return (
                    <Table.Tr key={row.id}>
                      <Table.Th scope="row">
                        <Anchor
                          component={Link}
                          to={`/citas/${row.id}`}
                          state={{ search: params.toString() }}
                          ff="monospace"
                        >
                          {row.code}
                        </Anchor>
                      </Table.Th>
                      <Table.Td>{row.begin_date ? formatDate(row.begin_date) : COPY.noDate}</Table.Td>
                      <Table.Td>
                        {row.begin_date
                          ? `${formatTime(row.begin_date)}–${formatTime(row.end_date)}`
                          : COPY.dash}
                      </Table.Td>
                      <Table.Td>
                        {row.patient_name ?? COPY.dash}
                        {row.patients > 1 ? COPY.morePatients(row.patients - 1) : ''}
                      </Table.Td>
                      <Table.Td>{partner?.name ?? row.client_id}</Table.Td>
                      <Table.Td>{STATUS_LABELS[row.status]}</Table.Td>
                      <Table.Td>{paymentStatusLabel(row.payment_status)}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{money(row.total)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        ) : null}
        {results.hasNextPage ? (
          <Button
            mt="sm"
            variant="default"
            loading={results.isFetchingNextPage}
            onClick={() => {
              firstNew.current = rows.length;
              void results.fetchNextPage();
            }}
          >
            {COPY.loadMore}
          </Button>
        ) : null}
      </section>
    </Stack>
  );
}
