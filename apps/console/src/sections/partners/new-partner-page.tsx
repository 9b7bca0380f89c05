import { Anchor, Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { partnerDraftProblems } from '@visita/domain/contract/console-partners';
import { PARTNER_ID_MESSAGE, partnerIdSchema } from '@visita/domain/contract/admin-partners';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { HttpError } from '../../api/http.ts';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { COPY, FIELD_GROUPS } from './copy.ts';
import { useCreatePartner } from './create-partner.ts';

const help = (path: string) =>
  FIELD_GROUPS.flatMap((group) => group.fields).find((field) => field.path === path)?.help ?? '';

/** A new partner: its id, name, country and sales source; its page opens to complete the rest. */
export function NewPartnerPage() {
  const create = useCreatePartner();
  const navigate = useNavigate();
  const [problems, setProblems] = useState<Record<string, string>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const body = {
      id: text('id'),
      name: text('name'),
      country: text('country') as 'cl' | 'mx',
      sales_source: text('sales_source'),
    };
    const { id, ...fields } = body;
    const found = { ...partnerDraftProblems(fields) };
    const idCheck = partnerIdSchema.safeParse(id);
    if (!idCheck.success) found.id = idCheck.error.issues[0]?.message ?? PARTNER_ID_MESSAGE;
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      { body },
      {
        onSuccess: (partner) =>
          navigate(`/socios/${encodeURIComponent(partner.id)}`, { state: { created: partner.id } }),
        onError: (error) => {
          const sent =
            error instanceof HttpError
              ? (error.error as { fields?: Record<string, string> }).fields
              : undefined;
          if (sent) setProblems(sent);
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/socios">
        {COPY.back}
      </Anchor>
      <PageTitle>{COPY.createTitle}</PageTitle>
      <Text>{COPY.createHint}</Text>
      <form onSubmit={submit} aria-label={COPY.create} noValidate>
        <Stack gap="sm" maw={560}>
          {create.error && !(create.error instanceof HttpError && create.error.status === 400) ? (
            <ApiAlert error={create.error} />
          ) : null}
          <TextInput
            name="id"
            label={COPY.id}
            description={`${PARTNER_ID_MESSAGE} Es la dirección del widget (/id) y no cambia después.`}
            error={problems.id ?? null}
            required
            autoComplete="off"
          />
          <TextInput
            name="name"
            label={COPY.name}
            description={help('name')}
            error={problems.name ?? null}
            required
          />
          <NativeSelect
            name="country"
            label={COPY.country}
            description={help('country')}
            error={problems.country ?? null}
            data={[
              { value: 'cl', label: 'Chile' },
              { value: 'mx', label: 'México' },
            ]}
          />
          <TextInput
            name="sales_source"
            label={COPY.source}
            description={help('sales_source')}
            error={problems.sales_source ?? null}
            required
            autoComplete="off"
          />
          <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
            {COPY.create}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
