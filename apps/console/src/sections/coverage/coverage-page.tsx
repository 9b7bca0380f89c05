import { Anchor, Badge, Button, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { ListTable } from '../../ui/list-table.tsx';
import { AddressTest } from './address-test.tsx';
import { COPY, COUNTRY_LABELS, SERVICE_LABELS } from './copy.ts';
import { useCoverageOptions } from './coverage-options.ts';
import { usePlaces } from './list-places.ts';
import { useCoverageSectors } from './list-sectors.ts';
import { SectorMap } from './sector-map.tsx';

/** The sectors of a source and country, their overlaps, the map and the address test. */
export function CoveragePage() {
  const [params, setParams] = useSearchParams();
  const source = params.get('fuente') ?? '';
  const countryParam = params.get('pais');
  const country = countryParam === 'cl' || countryParam === 'mx' ? countryParam : undefined;
  const options = useCoverageOptions();
  const sectors = useCoverageSectors({
    ...(source ? { sales_source: source } : {}),
    ...(country ? { country } : {}),
  });
  const places = usePlaces(country ?? sectors.data?.results[0]?.country ?? 'cl');
  const [point, setPoint] = useState<{ lat: number; lng: number } | null>(null);
  const rows = sectors.data?.results ?? [];
  const sources = options.data?.sales_sources ?? [];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    const chosenSource = String(form.get('fuente') ?? '');
    const chosenCountry = String(form.get('pais') ?? '');
    if (chosenSource) next.fuente = chosenSource;
    if (chosenCountry) next.pais = chosenCountry;
    setParams(next);
  };

  return (
    <Stack gap="xl">
      <PageTitle>{COPY.title}</PageTitle>
      <Group justify="space-between" align="flex-end">
        <form key={`${source}-${country ?? ''}`} onSubmit={submit} aria-label={COPY.filters}>
          <Group align="flex-end">
            <NativeSelect
              name="fuente"
              label={COPY.source}
              defaultValue={source}
              data={[{ value: '', label: COPY.anySource }, ...sources.map((s) => ({ value: s, label: s }))]}
            />
            <NativeSelect
              name="pais"
              label={COPY.country}
              defaultValue={country ?? ''}
              data={[
                { value: '', label: COPY.anyCountry },
                { value: 'cl', label: COUNTRY_LABELS.cl },
                { value: 'mx', label: COUNTRY_LABELS.mx },
              ]}
            />
            <Button type="submit" variant="default">
              {COPY.filter}
            </Button>
          </Group>
        </form>
        <Button component={Link} to="/cobertura/nuevo">
          {COPY.newSector}
        </Button>
      </Group>

      <section aria-labelledby="sectors-list-title">
        <Title order={2} id="sectors-list-title" size="h3" mb="sm">
          {COPY.listTitle}
        </Title>
        <Text role="status" size="sm" mb="xs">
          {sectors.isPending ? COPY.loading : ''}
        </Text>
        {sectors.error ? <ApiAlert error={sectors.error} /> : null}
        {sectors.isSuccess && rows.length === 0 ? <Text>{COPY.none}</Text> : null}
        {rows.length > 0 ? (
          <ListTable
            label={COPY.listTitle}
            minWidth={1000}
            caption={COPY.caption}
            columns={[
              COPY.name,
              COPY.source,
              COPY.country,
              COPY.services,
              COPY.nurses,
              COPY.status,
              COPY.overlaps,
            ]}
            striped
            highlightOnHover
            data-testid="sectors-table"
          >
            {rows.map((sector) => (
              <Table.Tr key={sector.id}>
                <Table.Th scope="row">
                  <Anchor component={Link} to={`/cobertura/${sector.id}`}>
                    {sector.name}
                  </Anchor>
                </Table.Th>
                <Table.Td>{sector.sales_source}</Table.Td>
                <Table.Td>{COUNTRY_LABELS[sector.country]}</Table.Td>
                <Table.Td>{sector.services.map((service) => SERVICE_LABELS[service]).join(', ')}</Table.Td>
                <Table.Td>{sector.nurses}</Table.Td>
                <Table.Td>
                  <Badge color={sector.active ? 'teal.9' : 'gray.8'} variant="filled">
                    {sector.active ? COPY.active : COPY.inactive}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {sector.overlaps.length > 0
                    ? COPY.overlapsWith(sector.overlaps.map((other) => other.name).join(', '))
                    : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        ) : null}
      </section>

      <section aria-labelledby="coverage-map-title">
        <Title order={2} id="coverage-map-title" size="h3" mb="xs">
          {COPY.mapTitle}
        </Title>
        <Text size="sm" mb="xs">
          {COPY.mapHint}
        </Text>
        <SectorMap
          label={COPY.mapLabel('los sectores filtrados')}
          sectors={rows}
          places={places.data?.results}
          point={point}
        />
      </section>

      <AddressTest sources={sources} initialSource={source} onPoint={setPoint} />
    </Stack>
  );
}
