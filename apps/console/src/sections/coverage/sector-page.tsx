import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import type { ConsoleSectorBody } from '@visita/domain/contract/console-coverage';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { errorMessage } from '../../api/http.ts';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { BookedVisits, bookedVisitsOf } from './booked-visits.tsx';
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
  // The change refused for the visits booked in the sector, kept to be saved again keeping them.
  const [refused, setRefused] = useState<{
    body: ConsoleSectorBody;
    message: string;
    visits: ReturnType<typeof bookedVisitsOf>;
  } | null>(null);

  const save = (body: ConsoleSectorBody) => {
    setDone('');
    update.mutate(
      { params: { id }, body },
      {
        onSuccess: () => {
          setRefused(null);
          setDone(COPY.saved);
        },
        onError: (error) => {
          const visits = bookedVisitsOf(error);
          setRefused(visits.length > 0 ? { body, message: errorMessage(error), visits } : null);
        },
      },
    );
  };

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
      {refused ? (
        <BookedVisits
          message={refused.message}
          visits={refused.visits}
          pending={update.isPending}
          onKeep={() =>
            save({ ...refused.body, keep_visit_ids: refused.visits.map((visit) => visit.visit_id) })
          }
          onBack={() => {
            setRefused(null);
            update.reset();
          }}
        />
      ) : null}
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
        error={refused ? null : update.error}
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
        onSubmit={save}
      />
    </Stack>
  );
}
