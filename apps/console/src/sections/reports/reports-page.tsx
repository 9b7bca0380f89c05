import { Anchor, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { COUNTRY_TIME_ZONES } from '@visita/domain/constants';
import { CONSOLE_REPORT_MAX_DAYS } from '@visita/domain/contract/console-reports';
import { formatCurrency } from '@visita/domain/money';
import { type FormEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMe } from '../../auth/use-me.ts';
import { ApiAlert, FormAlert } from '../../ui/api-alert.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { CAPTION, ScrollRegion } from '../../ui/scroll-region.tsx';
import { COPY, FIGURE_LABELS, MONEY_FIGURES } from './copy.ts';
import { type DailyReportQuery, useDailyReport } from './daily-report.ts';
import { dailyReportCsvUrl } from './daily-report-csv.ts';
import { usePartners } from './list-partners.ts';

const DAY_MS = 86_400_000;
const FIGURES = Object.keys(FIGURE_LABELS) as (keyof typeof FIGURE_LABELS)[];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today in Chile (where most partners are), as YYYY-MM-DD. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: COUNTRY_TIME_ZONES.cl }).format(new Date());
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** A day as people read it: 12-05-2031. */
const readable = (date: string) => date.split('-').reverse().join('-');

/** What is wrong with a range before asking, or null. */
function rangeProblem(from: string, to: string): string | null {
  if (!ISO_DATE.test(from) || !ISO_DATE.test(to)) return COPY.missingDates;
  const days = daysBetween(from, to);
  if (days < 0) return COPY.rangeInverted;
  if (days + 1 > CONSOLE_REPORT_MAX_DAYS) return COPY.rangeTooLong(CONSOLE_REPORT_MAX_DAYS);
  return null;
}

/** The report the address bar holds (the last seven days by default), or null when it is not a range. */
function queryOf(params: URLSearchParams): DailyReportQuery | null {
  const to = params.get('to') ?? today();
  const from = params.get('from') ?? addDays(to, -6);
  const clientId = params.get('client_id')?.trim() || undefined;
  if (rangeProblem(from, to)) return null;
  return { from, to, ...(clientId ? { client_id: clientId } : {}) };
}

const money = (amount: number, currency: string) => formatCurrency(amount, currency === 'MXN' ? 'mx' : 'cl');

export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryOf(params), [params]);
  const [problem, setProblem] = useState<string | null>(null);
  const me = useMe();
  const partners = usePartners();
  const report = useDailyReport(query);
  const ownPartnerOnly = me.data?.role === 'partner';
  const rows = report.data?.rows ?? [];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const from = String(form.get('from') ?? '').trim();
    const to = String(form.get('to') ?? '').trim();
    const clientId = String(form.get('client_id') ?? '').trim();
    const found = rangeProblem(from, to);
    setProblem(found);
    if (found) return;
    const next = new URLSearchParams({ from, to });
    if (clientId) next.set('client_id', clientId);
    setParams(next);
  };

  const fieldsFrom = query?.from ?? params.get('from') ?? '';
  const fieldsTo = query?.to ?? params.get('to') ?? '';
  // A range the address bar holds but the report refuses is said as the form's own.
  const shownProblem = problem ?? (query === null ? rangeProblem(fieldsFrom, fieldsTo) : null);

  return (
    <Stack gap="lg">
      <PageTitle>{COPY.title}</PageTitle>
      <section aria-labelledby="report-filters-title">
        <Title order={2} id="report-filters-title" size="h3" mb="xs">
          {COPY.filtersTitle}
        </Title>
        <Text size="sm" mb="sm" maw={760}>
          {COPY.intro}
        </Text>
        <form key={params.toString()} onSubmit={submit} aria-labelledby="report-filters-title" noValidate>
          <Stack gap="sm">
            <Group grow align="flex-start">
              <TextInput name="from" type="date" label={COPY.from} defaultValue={fieldsFrom} required />
              <TextInput name="to" type="date" label={COPY.to} defaultValue={fieldsTo} required />
              <NativeSelect
                name="client_id"
                label={COPY.partner}
                defaultValue={query?.client_id ?? ''}
                data={[
                  ...(ownPartnerOnly ? [] : [{ value: '', label: COPY.anyPartner }]),
                  ...(partners.data?.results ?? []).map((p) => ({ value: p.id, label: p.name })),
                ]}
              />
            </Group>
            <FormAlert message={shownProblem} />
            <Group>
              <Button type="submit">{COPY.show}</Button>
            </Group>
          </Stack>
        </form>
      </section>
      {partners.error ? <ApiAlert error={partners.error} /> : null}

      <section aria-labelledby="report-results-title">
        <Title order={2} id="report-results-title" size="h3" mb="sm">
          {COPY.resultsTitle}
        </Title>
        <Text role="status" size="sm" mb="xs">
          {report.isFetching ? COPY.loading : report.isSuccess ? COPY.shown(rows.length) : ''}
        </Text>
        {report.error ? <ApiAlert error={report.error} /> : null}
        {query && report.isSuccess ? (
          <Group mb="sm" gap="sm">
            <Anchor href={dailyReportCsvUrl(query)} download>
              {COPY.download}
            </Anchor>
            <Text size="sm">{COPY.downloadHint}</Text>
          </Group>
        ) : null}
        {report.isSuccess && rows.length === 0 ? <Text>{COPY.none}</Text> : null}
        {query && report.data && rows.length > 0 ? (
          <ScrollRegion label={COPY.resultsTitle} minWidth={1100}>
            <Table striped captionSide="top">
              <Table.Caption style={CAPTION}>
                {COPY.caption(readable(query.from), readable(query.to))}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{COPY.date}</Table.Th>
                  <Table.Th scope="col">{COPY.partner}</Table.Th>
                  <Table.Th scope="col">{COPY.currency}</Table.Th>
                  {FIGURES.map((figure) => (
                    <Table.Th key={figure} scope="col" style={{ textAlign: 'right' }}>
                      {FIGURE_LABELS[figure]}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={`${row.date} ${row.client_id}`}>
                    <Table.Th scope="row" fw="normal">
                      {readable(row.date)}
                    </Table.Th>
                    <Table.Td>{row.client_name}</Table.Td>
                    <Table.Td>{row.currency}</Table.Td>
                    {FIGURES.map((figure) => (
                      <Table.Td key={figure} style={{ textAlign: 'right' }}>
                        {MONEY_FIGURES.has(figure) ? money(row[figure], row.currency) : row[figure]}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                {report.data.totals.map((total) => (
                  <Table.Tr key={total.currency} fw={700}>
                    <Table.Th scope="row" colSpan={2}>
                      {COPY.total(total.currency)}
                    </Table.Th>
                    <Table.Td>{total.currency}</Table.Td>
                    {FIGURES.map((figure) => (
                      <Table.Td key={figure} style={{ textAlign: 'right' }}>
                        {MONEY_FIGURES.has(figure) ? money(total[figure], total.currency) : total[figure]}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tfoot>
            </Table>
          </ScrollRegion>
        ) : null}
      </section>
    </Stack>
  );
}
