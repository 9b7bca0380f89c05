import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CATALOGUE_KIND_LABELS,
  CATALOGUE_KINDS,
  type CatalogueKind,
} from '@visita/domain/contract/console-catalogue';
import type { CountryCode } from '@visita/domain/locale';
import { formatCurrency } from '@visita/domain/money';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { FilterSection } from '../../ui/filter-section.tsx';
import { ListTable } from '../../ui/list-table.tsx';
import { COPY } from './copy.ts';
import { useCatalogue } from './list-catalogue.ts';

const isKind = (value: string | null): value is CatalogueKind =>
  (CATALOGUE_KINDS as readonly string[]).includes(value ?? '');

/** A country's catalogue, filtered by kind, activity, limited stock and words; each item opens its page. */
export function CataloguePage() {
  const [params, setParams] = useSearchParams();
  const country: CountryCode = params.get('country') === 'mx' ? 'mx' : 'cl';
  const kindParam = params.get('kind');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const activeParam = params.get('active');
  const active = activeParam === 'true' ? true : activeParam === 'false' ? false : undefined;
  const limited = params.get('limited_stock') === 'true';
  const q = params.get('q')?.trim() || undefined;
  const catalogue = useCatalogue({
    country,
    limit: 200,
    ...(kind ? { kind } : {}),
    ...(active === undefined ? {} : { active }),
    ...(limited ? { limited_stock: true } : {}),
    ...(q ? { q } : {}),
  });
  const rows = catalogue.data?.results ?? [];
  const newLink = `/catalogo/nuevo?country=${country}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams({ country: String(form.get('country') ?? 'cl') });
    for (const name of ['kind', 'active', 'q']) {
      const value = String(form.get(name) ?? '').trim();
      if (value) next.set(name, value);
    }
    if (form.get('limited_stock') === 'on') next.set('limited_stock', 'true');
    setParams(next);
  };

  return (
    <Stack gap="lg">
      <PageTitle>{COPY.title}</PageTitle>
      <FilterSection
        id="catalogue-filters-title"
        title={COPY.filters}
        submitLabel={COPY.apply}
        onSubmit={submit}
      >
        <NativeSelect
          name="country"
          label={COPY.country}
          defaultValue={country}
          data={[
            { value: 'cl', label: COPY.chile },
            { value: 'mx', label: COPY.mexico },
          ]}
        />
        <NativeSelect
          name="kind"
          label={COPY.kind}
          defaultValue={kind ?? ''}
          data={[
            { value: '', label: COPY.anyKind },
            ...CATALOGUE_KINDS.map((value) => ({ value, label: CATALOGUE_KIND_LABELS[value] })),
          ]}
        />
        <NativeSelect
          name="active"
          label={COPY.activity}
          defaultValue={activeParam ?? ''}
          data={[
            { value: '', label: COPY.anyActivity },
            { value: 'true', label: COPY.onlyActive },
            { value: 'false', label: COPY.onlyInactive },
          ]}
        />
        <TextInput name="q" label={COPY.search} defaultValue={q ?? ''} maxLength={100} />
        <Checkbox name="limited_stock" label={COPY.limitedStock} defaultChecked={limited} mb={8} />
      </FilterSection>
      <Group>
        <Button component={Link} to={newLink} variant="outline">
          {COPY.newItem}
        </Button>
      </Group>
      <section aria-labelledby="catalogue-results-title">
        <Title order={2} id="catalogue-results-title" size="h3" mb="sm">
          {COPY.caption}
        </Title>
        <Text role="status" size="sm" mb="xs">
          {catalogue.isPending
            ? COPY.loading
            : catalogue.isSuccess
              ? COPY.shown(rows.length, catalogue.data.total)
              : ''}
        </Text>
        {catalogue.error ? <ApiAlert error={catalogue.error} /> : null}
        {catalogue.isSuccess && rows.length === 0 ? <Text>{COPY.noResults}</Text> : null}
        {rows.length > 0 ? (
          <ListTable
            label={COPY.caption}
            minWidth={860}
            caption={COPY.caption}
            columns={[
              COPY.id,
              COPY.name,
              COPY.kind,
              { label: COPY.price, align: 'right' },
              COPY.stock,
              COPY.active,
            ]}
            striped
            verticalSpacing="xs"
            data-testid="catalogue-table"
          >
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.id}</Table.Td>
                <Table.Th scope="row" fw="normal">
                  <Anchor component={Link} to={`/catalogo/${row.id}`}>
                    {row.name}
                  </Anchor>
                  {row.display_name ? <Text size="sm">{row.display_name}</Text> : null}
                </Table.Th>
                <Table.Td>{CATALOGUE_KIND_LABELS[row.kind]}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  {row.price === null ? COPY.noPrice : formatCurrency(row.price, country)}
                </Table.Td>
                <Table.Td>
                  {row.stock_state === 'out' ? (
                    <Badge color="red.9" variant="filled" radius="sm" tt="none">
                      {COPY.stockText(row.stock_state, row.stock)}
                    </Badge>
                  ) : (
                    COPY.stockText(row.stock_state, row.stock)
                  )}
                </Table.Td>
                <Table.Td>{row.active ? COPY.yes : COPY.no}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        ) : null}
      </section>
    </Stack>
  );
}
