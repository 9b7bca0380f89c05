import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { COPY } from './copy.ts';
import { useCoverageSector } from './get-sector.ts';
import { usePlaces } from './list-places.ts';
import { useCoverageSectors } from './list-sectors.ts';
import { geojsonOf, SectorForm } from './sector-form.tsx';
import { SectorMap } from './sector-map.tsx';
import { useUpdateSector } from './update-sector.ts';

/** A sector's page: its form, its overlaps, and the map with the other sectors of its source. */
export function SectorPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const sector = useCoverageSector(id);
  const update = useUpdateSector();
  const [done, setDone] = useState(
    (location.state as { created?: boolean } | null)?.created ? COPY.created : '',
  );
  const detail = sector.data;
  const siblings = useCoverageSectors(
    detail ? { sales_source: detail.sales_source, country: detail.country } : {},
  );
  const places = usePlaces(detail?.country ?? 'cl');

  if (sector.isPending) return <Loader aria-label={COPY.loading} />;
  if (sector.error || !detail) return <ApiAlert error={sector.error} />;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/cobertura">
        {COPY.back}
      </Anchor>
      <PageTitle>{detail.name}</PageTitle>
      <Text role="status">{done}</Text>
      {detail.overlaps.length > 0 ? (
        <Alert color="yellow" title={COPY.overlaps}>
          {COPY.overlapsWith(detail.overlaps.map((other) => other.name).join(', '))}
        </Alert>
      ) : (
        <Text size="sm">{COPY.noOverlaps}</Text>
      )}
      <SectorForm
        key={JSON.stringify(detail)}
        initial={{
          name: detail.name,
          sales_source: detail.sales_source,
          country: detail.country,
          time_zone: detail.time_zone,
          services: detail.services,
          geojson: geojsonOf(detail.polygon),
          active: detail.active,
        }}
        submitLabel={COPY.save}
        pending={update.isPending}
        error={update.error}
        renderMap={(draft, draw) => (
          <section aria-labelledby="sector-map-title">
            <Title order={2} id="sector-map-title" size="h3" mt="lg" mb="xs">
              {COPY.mapTitle}
            </Title>
            <Text size="sm" mb="xs">
              {COPY.mapHint}
            </Text>
            <SectorMap
              label={COPY.mapLabel(`el sector ${detail.name} y los demás de su fuente`)}
              description={COPY.drawHint}
              sectors={siblings.data?.results ?? [detail]}
              highlight={detail.id}
              draft={draft}
              places={places.data?.results}
              onDraw={draw}
            />
          </section>
        )}
        onSubmit={(body) => {
          setDone('');
          update.mutate(
            { params: { id }, body },
            {
              onSuccess: () => setDone(COPY.saved),
            },
          );
        }}
      />
    </Stack>
  );
}
