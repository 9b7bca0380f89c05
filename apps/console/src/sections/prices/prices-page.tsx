import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Modal,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { ConsolePriceItem, ConsolePriceOverride } from '@visita/domain/contract/console-prices';
import type { CountryCode } from '@visita/domain/locale';
import { formatCurrency } from '@visita/domain/money';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiAlert, FormAlert } from '../../ui/api-alert.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { FilterSection } from '../../ui/filter-section.tsx';
import { ListTable } from '../../ui/list-table.tsx';
import { COPY } from './copy.ts';
import { PriceImport } from './price-import.tsx';
import { pricesCsvUrl } from './prices-csv.ts';
import { usePrices } from './list-prices.ts';
import { useSetPrice } from './set-price.ts';

const WHOLE = /^\d{1,9}$/;

/** What the edit dialog is open on: an item and, when editing, one of its prices. */
interface Editing {
  item: ConsolePriceItem;
  override: ConsolePriceOverride | null;
}

function PriceDialog({
  editing,
  country,
  sources,
  defaultSource,
  close,
  saved,
}: {
  editing: Editing;
  country: CountryCode;
  sources: readonly string[];
  defaultSource: string;
  close: () => void;
  saved: (text: string) => void;
}) {
  const setPrice = useSetPrice();
  const { item, override } = editing;
  const [source, setSource] = useState(override ? (override.sales_source ?? '') : defaultSource);
  const [commune, setCommune] = useState(override?.commune ?? '');
  const [price, setPriceText] = useState(override ? String(override.price) : '');
  const [promotion, setPromotion] = useState(override?.promotion_price?.toString() ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found =
      !source && !commune.trim()
        ? COPY.needScope
        : !WHOLE.test(price.trim())
          ? COPY.badPrice
          : promotion.trim() !== '' && (!WHOLE.test(promotion.trim()) || Number(promotion) >= Number(price))
            ? COPY.badPromotion
            : null;
    setProblem(found);
    if (found) return;
    setPrice.mutate(
      {
        body: {
          country,
          item_id: item.id,
          sales_source: source || null,
          commune: commune.trim() || null,
          price: Number(price.trim()),
          promotion_price: promotion.trim() === '' ? null : Number(promotion.trim()),
        },
      },
      {
        onSuccess: () => {
          saved(COPY.saved(item.name));
          close();
        },
      },
    );
  };
  return (
    <Modal
      opened
      onClose={close}
      title={COPY.dialogTitle(item)}
      size="lg"
      closeButtonProps={{ 'aria-label': COPY.close }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <NativeSelect
            label={COPY.source}
            value={source}
            disabled={override !== null}
            onChange={(event) => setSource(event.currentTarget.value)}
            data={[
              { value: '', label: COPY.everySource },
              ...sources.map((value) => ({ value, label: value })),
            ]}
          />
          <TextInput
            label={COPY.commune}
            description={COPY.communeHint}
            styles={{ description: { color: 'var(--mantine-color-text)' } }}
            value={commune}
            disabled={override !== null}
            maxLength={100}
            onChange={(event) => setCommune(event.currentTarget.value)}
          />
          <TextInput
            label={COPY.price}
            inputMode="numeric"
            required
            value={price}
            maxLength={9}
            onChange={(event) => setPriceText(event.currentTarget.value)}
          />
          <TextInput
            label={COPY.promotionPrice}
            description={COPY.promotionHint}
            styles={{ description: { color: 'var(--mantine-color-text)' } }}
            inputMode="numeric"
            value={promotion}
            maxLength={9}
            onChange={(event) => setPromotion(event.currentTarget.value)}
          />
          <FormAlert message={problem} />
          <ApiAlert error={setPrice.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {COPY.cancel}
            </Button>
            <Button type="submit" loading={setPrice.isPending}>
              {COPY.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A success said once, focused when new (so the keyboard and a screen reader land on it). */
function Said({ text }: { text: { value: string; key: number } | null }) {
  const ref = useRef<HTMLDivElement>(null);
  const key = text?.key;
  useEffect(() => {
    if (key !== undefined) ref.current?.focus();
  }, [key]);
  if (!text) return null;
  return (
    <Alert key={text.key} ref={ref} color="green" role="status" tabIndex={-1} maw={760}>
      {text.value}
    </Alert>
  );
}

/** A country's items with their prices, one price edited, the CSV exported and imported. */
export function PricesPage() {
  const [params, setParams] = useSearchParams();
  const country: CountryCode = params.get('country') === 'mx' ? 'mx' : 'cl';
  const source = params.get('sales_source')?.trim() || undefined;
  const q = params.get('q')?.trim() || undefined;
  const prices = usePrices({
    country,
    limit: 100,
    ...(source ? { sales_source: source } : {}),
    ...(q ? { q } : {}),
  });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [said, setSaid] = useState<{ value: string; key: number } | null>(null);
  const say = (value: string) => setSaid((previous) => ({ value, key: (previous?.key ?? 0) + 1 }));
  const rows = prices.data?.results ?? [];
  const sources = prices.data?.sales_sources ?? [];
  const money = (amount: number) => formatCurrency(amount, country);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams({ country: String(form.get('country') ?? 'cl') });
    const chosen = String(form.get('sales_source') ?? '');
    const words = String(form.get('q') ?? '').trim();
    if (chosen) next.set('sales_source', chosen);
    if (words) next.set('q', words);
    setParams(next);
  };

  const overrideText = (override: ConsolePriceOverride) =>
    `${COPY.overrideLabel(override.sales_source, override.commune)}: ${money(override.price)}${
      override.promotion_price === null ? '' : COPY.withPromotion(money(override.promotion_price))
    }`;

  return (
    <Stack gap="lg">
      <PageTitle>{COPY.title}</PageTitle>
      <FilterSection
        id="prices-filters-title"
        title={COPY.filtersTitle}
        submitLabel={COPY.show}
        onSubmit={submit}
      >
        <NativeSelect
          name="country"
          label={COPY.country}
          defaultValue={country}
          data={[
            { value: 'cl', label: COPY.countries.cl },
            { value: 'mx', label: COPY.countries.mx },
          ]}
        />
        <NativeSelect
          name="sales_source"
          label={COPY.source}
          defaultValue={source ?? ''}
          data={[
            { value: '', label: COPY.anySource },
            ...[...new Set([...sources, ...(source ? [source] : [])])].map((value) => ({
              value,
              label: value,
            })),
          ]}
        />
        <TextInput name="q" label={COPY.search} defaultValue={q ?? ''} maxLength={100} />
      </FilterSection>

      <Said text={said} />

      <section aria-labelledby="prices-results-title">
        <Title order={2} id="prices-results-title" size="h3" mb="sm">
          {COPY.resultsTitle}
        </Title>
        <Text role="status" size="sm" mb="xs">
          {prices.isPending
            ? COPY.loading
            : prices.isSuccess
              ? COPY.shown(rows.length, prices.data.total)
              : ''}
        </Text>
        {prices.error ? <ApiAlert error={prices.error} /> : null}
        {prices.isSuccess ? (
          <Group mb="sm" gap="sm">
            <Anchor href={pricesCsvUrl({ country, sales_source: source })} download>
              {COPY.download}
            </Anchor>
            <Text size="sm">{COPY.downloadHint}</Text>
          </Group>
        ) : null}
        {prices.isSuccess && rows.length === 0 ? <Text>{COPY.none}</Text> : null}
        {prices.isSuccess && rows.length > 0 ? (
          <ListTable
            label={COPY.resultsTitle}
            minWidth={1000}
            caption={COPY.caption(COPY.countries[country], source ?? null)}
            columns={[
              COPY.id,
              COPY.item,
              { label: COPY.basePrice, align: 'right' },
              { label: COPY.promotion, align: 'right' },
              COPY.fonasa,
              COPY.overrides,
              COPY.actions,
            ]}
            striped
            verticalSpacing="xs"
          >
            {rows.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>{item.id}</Table.Td>
                <Table.Th scope="row" fw="normal">
                  {item.name} {item.active ? '' : COPY.inactive}
                </Table.Th>
                <Table.Td style={{ textAlign: 'right' }}>
                  {item.price === null ? COPY.noBasePrice : money(item.price)}
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  {item.promotion_price === null ? '' : money(item.promotion_price)}
                </Table.Td>
                <Table.Td>
                  {item.allows_fonasa
                    ? `${item.fonasa_price === null ? '—' : money(item.fonasa_price)} / ${
                        item.fonasa_copayment === null ? '—' : money(item.fonasa_copayment)
                      }`
                    : COPY.noFonasa}
                </Table.Td>
                <Table.Td>
                  {item.overrides.length === 0 ? (
                    COPY.noOverrides
                  ) : (
                    <List size="sm" spacing={4} listStyleType="none" ml={0} pl={0}>
                      {item.overrides.map((override) => {
                        const scope = COPY.overrideLabel(override.sales_source, override.commune);
                        return (
                          <List.Item key={scope}>
                            <Group gap="xs" wrap="nowrap">
                              <Text size="sm">{overrideText(override)}</Text>
                              <Button
                                size="compact-xs"
                                variant="outline"
                                aria-label={COPY.edit(item.name, scope)}
                                onClick={() => setEditing({ item, override })}
                              >
                                {COPY.editShort}
                              </Button>
                            </Group>
                          </List.Item>
                        );
                      })}
                    </List>
                  )}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={COPY.addFor(item.name)}
                    onClick={() => setEditing({ item, override: null })}
                  >
                    {COPY.add}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        ) : null}
      </section>

      <PriceImport country={country} sources={sources} />

      {editing ? (
        <PriceDialog
          editing={editing}
          country={country}
          sources={sources}
          defaultSource={source ?? ''}
          close={() => setEditing(null)}
          saved={say}
        />
      ) : null}
    </Stack>
  );
}
