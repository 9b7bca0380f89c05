import { Alert, Anchor, Button, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  CATALOGUE_KIND_LABELS,
  catalogueStockState,
  type ConsoleCatalogueItem,
} from '@visita/domain/contract/console-catalogue';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiAlert, FormAlert } from '../../ui/api-alert.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { CatalogueForm } from './catalogue-form.tsx';
import { COPY, SKILL_LABELS } from './copy.ts';
import { useCatalogueItem } from './get-catalogue-item.ts';
import { useSetCatalogueStock } from './set-catalogue-stock.ts';
import { SourceStockTable } from './source-stock-table.tsx';
import { useUpdateCatalogueItem } from './update-catalogue-item.ts';

/** A success said once, focused when new (the keyboard and a screen reader land on it). */
function Said({ text }: { text: { value: string; key: number } | null }) {
  const ref = useRef<HTMLDivElement>(null);
  const key = text?.key;
  useEffect(() => {
    if (key !== undefined) ref.current?.focus();
  }, [key]);
  if (!text) return null;
  return (
    <Alert key={text.key} ref={ref} color="green" role="status" tabIndex={-1} maw={720}>
      {text.value}
    </Alert>
  );
}

/** The stock: units left (empty: unlimited), and who closes when it runs out. */
function StockForm({ item, say }: { item: ConsoleCatalogueItem; say: (text: string) => void }) {
  const setStock = useSetCatalogueStock();
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('stock') ?? '').trim();
    if (value !== '' && !/^\d{1,8}$/.test(value)) {
      setProblem(COPY.badStock);
      return;
    }
    setProblem(null);
    const stock = value === '' ? null : Number(value);
    setStock.mutate(
      { params: { id: item.id }, body: { stock } },
      { onSuccess: () => say(COPY.stockSaved(COPY.stockText(catalogueStockState(stock), stock))) },
    );
  };
  return (
    <section aria-labelledby="catalogue-stock-title">
      <Title order={2} id="catalogue-stock-title" size="h3" mb="sm">
        {COPY.stockTitle}
      </Title>
      <Text mb="xs">
        {COPY.stockText(item.stock_state, item.stock)}. {COPY.stockSources(item.stock_sources)}
      </Text>
      <form key={String(item.stock)} onSubmit={submit} aria-labelledby="catalogue-stock-title" noValidate>
        <Stack gap="sm" maw={480}>
          <FormAlert message={problem} />
          <ApiAlert error={setStock.error} />
          <Group align="flex-end">
            <TextInput
              name="stock"
              label={COPY.stockLabel}
              description={COPY.stockHint}
              inputMode="numeric"
              maxLength={8}
              defaultValue={item.stock?.toString() ?? ''}
            />
            <Button type="submit" loading={setStock.isPending}>
              {COPY.stockSave}
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}

/** An item's page: what the widget reads of it, its form, its stock. */
export function CatalogueItemPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const detail = useCatalogueItem(Number(id));
  const update = useUpdateCatalogueItem();
  const justCreated = (location.state as { created?: string } | null)?.created;
  const [said, setSaid] = useState<{ value: string; key: number } | null>(
    justCreated ? { value: COPY.created(justCreated), key: 0 } : null,
  );
  const say = (value: string) => setSaid((previous) => ({ value, key: (previous?.key ?? 0) + 1 }));
  const item = detail.data;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`/catalogo?country=${item?.country ?? 'cl'}`}>
        {COPY.back}
      </Anchor>
      <PageTitle>{item ? COPY.itemTitle(item.name) : COPY.title}</PageTitle>
      <Text role="status" size="sm">
        {detail.isPending ? COPY.loading : ''}
      </Text>
      {detail.error ? <ApiAlert error={detail.error} /> : null}
      <Said text={said} />
      {item ? (
        <>
          <List spacing={4} listStyleType="none" ml={0} pl={0}>
            <List.Item>
              {COPY.idLabel}: {item.id} · {CATALOGUE_KIND_LABELS[item.kind]} · {item.country.toUpperCase()}
            </List.Item>
            <List.Item>
              {COPY.skillsNeeded}: {item.skills_needed.map((skill) => SKILL_LABELS[skill]).join(', ')}
            </List.Item>
            <List.Item>
              {COPY.oncePerPerson}: {COPY.oncePerPersonText(item.once_per_patient_sources)}
            </List.Item>
            <List.Item>
              {COPY.inPacks}:{' '}
              {item.in_packs.length > 0 ? item.in_packs.map((pack) => pack.name).join(', ') : COPY.none}
            </List.Item>
            <List.Item>
              {COPY.moreInfo}: {item.more_info_path ?? COPY.none}
            </List.Item>
          </List>
          <CatalogueForm
            key={JSON.stringify(item)}
            item={item}
            country={item.country}
            submitLabel={COPY.save}
            pending={update.isPending}
            error={update.error}
            onSubmit={({ kind: _kind, id: _id, ...body }) =>
              update.mutate({ params: { id: item.id }, body }, { onSuccess: () => say(COPY.saved) })
            }
          />
          <StockForm item={item} say={say} />
          <SourceStockTable itemId={item.id} say={say} />
        </>
      ) : null}
    </Stack>
  );
}
