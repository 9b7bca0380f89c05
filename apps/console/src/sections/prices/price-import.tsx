import { Alert, Button, Checkbox, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import {
  type ConsolePriceDiff,
  PRICE_CSV_HEADERS,
  PRICE_IMPORT_MAX_CHARS,
} from '@visita/domain/contract/console-prices';
import type { CountryCode } from '@visita/domain/locale';
import { formatCurrency } from '@visita/domain/money';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ApiAlert, FormAlert } from '../../ui/api-alert.tsx';
import { ListTable } from '../../ui/list-table.tsx';
import { useApplyPriceImport } from './apply-price-import.ts';
import { COPY } from './copy.ts';
import { usePriceImportDryRun } from './import-prices.ts';

/** What was reviewed: the file's text and options, sent again as they were to apply them. */
interface Reviewed {
  country: CountryCode;
  csv: string;
  covers_source?: string;
  diff: ConsolePriceDiff;
}

/** The most rows each of the review's tables shows (a file may hold thousands). */
const SHOWN_ROWS = 200;

function DiffTable({
  title,
  columns,
  total,
  children,
}: {
  title: string;
  columns: string[];
  total: number;
  children: ReactNode;
}) {
  return (
    <>
      <ListTable label={title} minWidth={760} caption={title} columns={columns} striped verticalSpacing={4}>
        {children}
      </ListTable>
      {total > SHOWN_ROWS ? <Text size="sm">{COPY.moreRows(SHOWN_ROWS, total)}</Text> : null}
    </>
  );
}

/** The CSV import: the file reviewed (a dry run), its diff shown, then applied in one go. */
export function PriceImport({ country, sources }: { country: CountryCode; sources: readonly string[] }) {
  const dryRun = usePriceImportDryRun();
  const apply = useApplyPriceImport();
  const [reviewed, setReviewed] = useState<Reviewed | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [covers, setCovers] = useState(false);
  const [coversSource, setCoversSource] = useState('');
  const fileId = useId();
  const summary = useRef<HTMLDivElement>(null);
  const done = useRef<HTMLDivElement>(null);
  const money = (amount: number | null) => (amount === null ? '—' : formatCurrency(amount, country));
  const pair = (value: { price: number; promotion_price: number | null }) =>
    value.promotion_price === null
      ? money(value.price)
      : `${money(value.price)}${COPY.withPromotion(money(value.promotion_price))}`;
  const scope = (row: { sales_source: string | null; commune: string | null }) =>
    COPY.overrideLabel(row.sales_source, row.commune);

  const diff = reviewed?.diff;
  useEffect(() => {
    if (diff) summary.current?.focus();
  }, [diff]);
  const applied = apply.data;
  useEffect(() => {
    if (applied) done.current?.focus();
  }, [applied]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('file') as HTMLInputElement | null;
    const file = input?.files?.[0];
    setReviewed(null);
    apply.reset();
    if (!file) return setProblem(COPY.noFile);
    if (covers && !coversSource) return setProblem(COPY.noCoversSource);
    if (file.size > PRICE_IMPORT_MAX_CHARS * 4) return setProblem(COPY.fileTooBig);
    const csv = await file.text();
    if (csv.length > PRICE_IMPORT_MAX_CHARS) return setProblem(COPY.fileTooBig);
    setProblem(null);
    const options = { csv, ...(covers ? { covers_source: coversSource } : {}) };
    dryRun.mutate(
      { body: { country, ...options } },
      { onSuccess: (answer) => setReviewed({ country, ...options, diff: answer }) },
    );
  };

  const writes = diff ? diff.added.length + diff.changed.length + diff.removed.length : 0;
  return (
    <section aria-labelledby="prices-import-title">
      <Title order={2} id="prices-import-title" size="h3" mb="xs">
        {COPY.importTitle}
      </Title>
      <Text size="sm" mb="sm" maw={760}>
        {COPY.importIntro} {COPY.importCountry(COPY.countries[country])}
      </Text>
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="prices-import-title">
        <Stack maw={760} gap="sm">
          <div>
            <Text component="label" htmlFor={fileId} fw={500} size="sm" display="block">
              {COPY.file}
            </Text>
            <Text size="xs" id={`${fileId}-hint`}>
              {COPY.fileHint(PRICE_CSV_HEADERS.join(', '))}
            </Text>
            <input
              id={fileId}
              name="file"
              type="file"
              accept=".csv,text/csv"
              aria-describedby={`${fileId}-hint`}
              onChange={() => {
                setReviewed(null);
                apply.reset();
              }}
            />
          </div>
          <Checkbox
            label={COPY.covers}
            description={COPY.coversHint}
            styles={{ description: { color: 'var(--mantine-color-text)' } }}
            checked={covers}
            onChange={(event) => setCovers(event.currentTarget.checked)}
          />
          {covers ? (
            <NativeSelect
              label={COPY.coversSource}
              value={coversSource}
              onChange={(event) => setCoversSource(event.currentTarget.value)}
              data={[{ value: '', label: '—' }, ...sources.map((value) => ({ value, label: value }))]}
            />
          ) : null}
          <FormAlert message={problem} />
          <ApiAlert error={dryRun.error} />
          <Group>
            <Button type="submit" variant="outline" loading={dryRun.isPending}>
              {COPY.review}
            </Button>
          </Group>
        </Stack>
      </form>

      {reviewed && diff ? (
        <Stack mt="md" gap="md">
          <Alert ref={summary} tabIndex={-1} role="status" color="blue" maw={760}>
            {COPY.summary({
              added: diff.added.length,
              changed: diff.changed.length,
              removed: diff.removed.length,
              refused: diff.refused.length,
              unchanged: diff.unchanged,
            })}
          </Alert>
          {diff.added.length > 0 ? (
            <DiffTable
              title={COPY.addedTitle}
              total={diff.added.length}
              columns={[COPY.line, COPY.item, COPY.scope, COPY.after]}
            >
              {diff.added.slice(0, SHOWN_ROWS).map((row) => (
                <Table.Tr key={row.line}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td>{`${row.item_name} (${row.item_id})`}</Table.Td>
                  <Table.Td>{scope(row)}</Table.Td>
                  <Table.Td>{pair(row.new)}</Table.Td>
                </Table.Tr>
              ))}
            </DiffTable>
          ) : null}
          {diff.changed.length > 0 ? (
            <DiffTable
              title={COPY.changedTitle}
              total={diff.changed.length}
              columns={[COPY.line, COPY.item, COPY.scope, COPY.before, COPY.after]}
            >
              {diff.changed.slice(0, SHOWN_ROWS).map((row) => (
                <Table.Tr key={row.line}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td>{`${row.item_name} (${row.item_id})`}</Table.Td>
                  <Table.Td>{scope(row)}</Table.Td>
                  <Table.Td>{pair(row.old)}</Table.Td>
                  <Table.Td>{pair(row.new)}</Table.Td>
                </Table.Tr>
              ))}
            </DiffTable>
          ) : null}
          {diff.removed.length > 0 ? (
            <DiffTable
              title={COPY.removedTitle}
              total={diff.removed.length}
              columns={[COPY.item, COPY.scope, COPY.before]}
            >
              {diff.removed.slice(0, SHOWN_ROWS).map((row) => (
                <Table.Tr key={`${row.item_id} ${scope(row)}`}>
                  <Table.Td>{`${row.item_name} (${row.item_id})`}</Table.Td>
                  <Table.Td>{scope(row)}</Table.Td>
                  <Table.Td>{pair(row.old)}</Table.Td>
                </Table.Tr>
              ))}
            </DiffTable>
          ) : null}
          {diff.refused.length > 0 ? (
            <>
              <DiffTable
                title={COPY.refusedTitle}
                total={diff.refused.length}
                columns={[COPY.line, COPY.reason, COPY.cells]}
              >
                {diff.refused.slice(0, SHOWN_ROWS).map((row) => (
                  <Table.Tr key={row.line}>
                    <Table.Td>{row.line}</Table.Td>
                    <Table.Td>{row.message}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{row.cells.join(' | ')}</Table.Td>
                  </Table.Tr>
                ))}
              </DiffTable>
              <Text size="sm">{COPY.refusedNote}</Text>
            </>
          ) : null}
          <ApiAlert error={apply.error} />
          {applied ? (
            <Alert ref={done} tabIndex={-1} role="status" color="green" maw={760}>
              {COPY.applied(applied)}
            </Alert>
          ) : writes === 0 ? (
            <Text>{COPY.nothingToApply}</Text>
          ) : (
            <Group>
              <Button
                loading={apply.isPending}
                onClick={() =>
                  apply.mutate({
                    body: {
                      country: reviewed.country,
                      csv: reviewed.csv,
                      diff_hash: diff.diff_hash,
                      ...(reviewed.covers_source ? { covers_source: reviewed.covers_source } : {}),
                    },
                  })
                }
              >
                {COPY.apply}
              </Button>
            </Group>
          )}
        </Stack>
      ) : null}
    </section>
  );
}
