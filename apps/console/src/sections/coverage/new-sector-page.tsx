import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '../../ui/page-title.tsx';
import { COPY } from './copy.ts';
import { useCreateSector } from './create-sector.ts';
import { usePlaces } from './list-places.ts';
import { EMPTY_DRAFT, SectorForm } from './sector-form.tsx';
import { SectorMap } from './sector-map.tsx';

/** A new sector from its GeoJSON polygon, pasted or drawn on the map; once created, its page opens. */
export function NewSectorPage() {
  const create = useCreateSector();
  const navigate = useNavigate();
  const places = usePlaces('cl');
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/cobertura">
        {COPY.back}
      </Anchor>
      <PageTitle>{COPY.createTitle}</PageTitle>
      <SectorForm
        initial={EMPTY_DRAFT}
        submitLabel={COPY.create}
        pending={create.isPending}
        error={create.error}
        renderMap={(draft, draw) => (
          <section aria-labelledby="new-sector-map-title">
            <Title order={2} id="new-sector-map-title" size="h3" mt="lg" mb="xs">
              {COPY.mapTitle}
            </Title>
            <SectorMap
              label={COPY.mapLabel('el sector nuevo')}
              description={COPY.drawHint}
              sectors={[]}
              draft={draft}
              places={places.data?.results}
              onDraw={draw}
            />
          </section>
        )}
        onSubmit={(body) =>
          create.mutate(
            { body },
            { onSuccess: (sector) => navigate(`/cobertura/${sector.id}`, { state: { created: true } }) },
          )
        }
      />
    </Stack>
  );
}
