import { Anchor, Stack } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '../../ui/page-title.tsx';
import { COPY } from './copy.ts';
import { useCreateNurse } from './create-nurse.ts';
import { bodyOf, EMPTY_DRAFT, NurseForm } from './nurse-form.tsx';

/** A new nurse: once created, her page opens. */
export function NewNursePage() {
  const create = useCreateNurse();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/enfermeras">
        {COPY.back}
      </Anchor>
      <PageTitle>{COPY.createTitle}</PageTitle>
      <NurseForm
        initial={EMPTY_DRAFT}
        submitLabel={COPY.create}
        pending={create.isPending}
        error={create.error}
        onSubmit={(draft) =>
          create.mutate(
            { body: bodyOf(draft) },
            { onSuccess: (nurse) => navigate(`/enfermeras/${nurse.id}`, { state: { created: true } }) },
          )
        }
      />
    </Stack>
  );
}
