import { Anchor, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '../../ui/page-title.tsx';
import { COPY } from './copy.ts';
import { useCreateSector } from './create-sector.ts';
import { usePlaces } from './list-places.ts';
import { EMPTY_DRAFT, SectorForm } from './sector-form.tsx';
import { SectorMap } from './sector-map.tsx';

type Ring = [number, number][];

/** A new sector from its GeoJSON polygon, drawn as it is pasted; once created, its page opens. */
export function NewSectorPage() {
  const create = useCreateSector();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Ring[] | null>(null);
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
        onDraftPolygon={setDraft}
        onSubmit={(body) =>
          create.mutate(
            { body },
            { onSuccess: (sector) => navigate(`/cobertura/${sector.id}`, { state: { created: true } }) },
          )
        }
      />
      <section aria-labelledby="new-sector-map-title">
        <Title order={2} id="new-sector-map-title" size="h3" mb="xs">
          {COPY.mapTitle}
        </Title>
        <SectorMap
          label={COPY.mapLabel('el sector nuevo')}
          sectors={[]}
          draft={draft}
          places={places.data?.results}
        />
      </section>
    </Stack>
  );
}
