import { Anchor, Stack } from '@mantine/core';
import type { CountryCode } from '@visita/domain/locale';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../ui/page-title.tsx';
import { CatalogueForm } from './catalogue-form.tsx';
import { COPY } from './copy.ts';
import { useCreateCatalogueItem } from './create-catalogue-item.ts';

/** A new item of a country: once created, its own page opens. */
export function NewCatalogueItemPage() {
  const [params] = useSearchParams();
  const country: CountryCode = params.get('country') === 'mx' ? 'mx' : 'cl';
  const create = useCreateCatalogueItem();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`/catalogo?country=${country}`}>
        {COPY.back}
      </Anchor>
      <PageTitle>{COPY.newTitle}</PageTitle>
      <CatalogueForm
        country={country}
        submitLabel={COPY.create}
        pending={create.isPending}
        error={create.error}
        onSubmit={(values) =>
          create.mutate(
            { body: { ...values, country } },
            { onSuccess: (item) => navigate(`/catalogo/${item.id}`, { state: { created: item.name } }) },
          )
        }
      />
    </Stack>
  );
}
