import { Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { ConsoleCatalogueSourceStockAnswer } from '@visita/domain/contract/console-catalogue';
import { type FormEvent, useState } from 'react';
import { ApiAlert, FormAlert } from '../../ui/api-alert.tsx';
import { CAPTION, ScrollRegion } from '../../ui/scroll-region.tsx';
import { COPY } from './copy.ts';
import {
  useCatalogueSourceStock,
  useRemoveCatalogueSourceStock,
  useSetCatalogueSourceStock,
} from './source-stock-calls.ts';

type SourceRow = ConsoleCatalogueSourceStockAnswer['sources'][number];

/** Units as typed: a whole number of up to 8 digits, else null (the form says why). */
function unitsOf(form: HTMLFormElement, name: string): number | null {
  const value = String(new FormData(form).get(name) ?? '').trim();
  return /^\d{1,8}$/.test(value) ? Number(value) : null;
}

/** The state as the list shows it: sold out in red, as the widget closes for that source. */
function StateCell({ row }: { row: SourceRow }) {
  const text = COPY.stockText(row.stock_state, row.stock);
  return row.stock_state === 'out' ? (
    <Badge color="red.9" variant="filled" radius="sm" tt="none">
      {text}
    </Badge>
  ) : (
    text
  );
}

/**
 * One source's row: its units, its state, and its edit and removal. The calls live in the table,
 * which stays mounted while the row is replaced or removed by the refetch, so their outcome is said.
 */
function SourceStockRow({
  row,
  pending,
  onSave,
  onRemove,
}: {
  row: SourceRow;
  pending: boolean;
  onSave: (source: string, stock: number, done: () => void) => void;
  onRemove: (source: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const source = row.sales_source;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const stock = unitsOf(event.currentTarget, 'units');
    if (stock === null) {
      setProblem(COPY.badSourceUnits);
      return;
    }
    setProblem(null);
    onSave(source, stock, () => setEditing(false));
  };
  return (
    <Table.Tr>
      <Table.Th scope="row" fw="normal">
        {source}
      </Table.Th>
      <Table.Td>
        {editing ? (
          <form onSubmit={submit} aria-label={COPY.sourceUnitsOf(source)} noValidate>
            <Stack gap={4}>
              <FormAlert message={problem} />
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  name="units"
                  label={COPY.sourceUnitsOf(source)}
                  inputMode="numeric"
                  maxLength={8}
                  defaultValue={String(row.stock)}
                  autoFocus
                  w={140}
                />
                <Button type="submit" size="xs" loading={pending}>
                  {COPY.sourceSave(source)}
                </Button>
                <Button type="button" size="xs" variant="default" onClick={() => setEditing(false)}>
                  {COPY.cancel}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          row.stock
        )}
      </Table.Td>
      <Table.Td>
        <StateCell row={row} />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {editing ? null : (
            <Button type="button" size="xs" variant="default" onClick={() => setEditing(true)}>
              {COPY.sourceEdit(source)}
            </Button>
          )}
          <Button
            type="button"
            size="xs"
            color="red.9"
            variant="outline"
            disabled={pending}
            onClick={() => onRemove(source)}
          >
            {COPY.sourceRemove(source)}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** A source given its own count: chosen among those partners sell with that have none yet. */
function AddSourceStock({
  itemId,
  sources,
  say,
}: {
  itemId: number;
  sources: readonly string[];
  say: (text: string) => void;
}) {
  const set = useSetCatalogueSourceStock();
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const source = String(new FormData(form).get('sales_source') ?? '');
    const stock = unitsOf(form, 'units');
    if (source === '') {
      setProblem(COPY.sourceMissing);
      return;
    }
    if (stock === null) {
      setProblem(COPY.badSourceUnits);
      return;
    }
    setProblem(null);
    set.mutate(
      { params: { id: itemId }, body: { sales_source: source, stock } },
      {
        onSuccess: () => {
          form.reset();
          say(COPY.sourceStockSaved(source, stock));
        },
      },
    );
  };
  if (sources.length === 0) return <Text>{COPY.noOtherSources}</Text>;
  return (
    <form onSubmit={submit} aria-labelledby="catalogue-source-stock-add" noValidate>
      <Title order={3} id="catalogue-source-stock-add" size="h4" mb="xs">
        {COPY.sourceAddTitle}
      </Title>
      <Stack gap="sm" maw={560}>
        <FormAlert message={problem} />
        <ApiAlert error={set.error} />
        <Group align="flex-end">
          <NativeSelect
            name="sales_source"
            label={COPY.sourceLabel}
            data={[{ value: '', label: COPY.sourceChoose }, ...sources.map((source) => source)]}
          />
          <TextInput name="units" label={COPY.sourceUnits} inputMode="numeric" maxLength={8} w={140} />
          <Button type="submit" loading={set.isPending}>
            {COPY.sourceAdd}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * An item's stock per sales source: a source with a count of its own takes from it (and its
 * widget closes when it runs out); every other source takes from the shared stock above.
 */
export function SourceStockTable({ itemId, say }: { itemId: number; say: (text: string) => void }) {
  const stock = useCatalogueSourceStock(itemId);
  const set = useSetCatalogueSourceStock();
  const remove = useRemoveCatalogueSourceStock();
  const rows = stock.data?.sources ?? [];
  const save = (source: string, units: number, done: () => void) => {
    remove.reset();
    set.mutate(
      { params: { id: itemId }, body: { sales_source: source, stock: units } },
      {
        onSuccess: () => {
          done();
          say(COPY.sourceStockSaved(source, units));
        },
      },
    );
  };
  const removeSource = (source: string) => {
    set.reset();
    remove.mutate(
      { params: { id: itemId }, query: { sales_source: source } },
      { onSuccess: () => say(COPY.sourceStockRemoved(source)) },
    );
  };
  return (
    <section aria-labelledby="catalogue-source-stock-title">
      <Title order={2} id="catalogue-source-stock-title" size="h3" mb="sm">
        {COPY.sourceStockTitle}
      </Title>
      <Text mb="xs">{COPY.sourceStockIntro}</Text>
      <Text role="status" size="sm">
        {stock.isPending ? COPY.loading : ''}
      </Text>
      {stock.error ? <ApiAlert error={stock.error} /> : null}
      <ApiAlert error={set.error ?? remove.error} />
      {stock.isSuccess && rows.length === 0 ? <Text mb="sm">{COPY.noSourceStock}</Text> : null}
      {rows.length > 0 ? (
        <ScrollRegion label={COPY.sourceStockTitle} minWidth={640}>
          <Table striped captionSide="top" verticalSpacing="xs" mb="md">
            <Table.Caption style={CAPTION}>{COPY.sourceStockTitle}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{COPY.sourceColumn}</Table.Th>
                <Table.Th scope="col">{COPY.unitsColumn}</Table.Th>
                <Table.Th scope="col">{COPY.stateColumn}</Table.Th>
                <Table.Th scope="col">{COPY.actionsColumn}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <SourceStockRow
                  key={row.sales_source}
                  row={row}
                  pending={set.isPending || remove.isPending}
                  onSave={save}
                  onRemove={removeSource}
                />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      ) : null}
      {stock.data ? <AddSourceStock itemId={itemId} sources={stock.data.other_sources} say={say} /> : null}
    </section>
  );
}
