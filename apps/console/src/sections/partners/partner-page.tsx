import { Anchor, Button, Divider, Grid, Group, Stack, Text, TextInput } from '@mantine/core';
import type { PartnerAnswer } from '@visita/domain/contract/admin-partners';
import { partnerDraftProblems } from '@visita/domain/contract/console-partners';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { HttpError } from '../../api/http.ts';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { AuditTrail } from './audit-trail.tsx';
import { COPY } from './copy.ts';
import { DomainsCard } from './domains-card.tsx';
import { bodyOf, type Draft, draftOf, previewOf } from './draft.ts';
import { usePartner } from './get-partner.ts';
import { PartnerForm } from './partner-form.tsx';
import { PreviewFrame } from './preview-frame.tsx';
import { TokenCard } from './token-card.tsx';
import { useUpdatePartner } from './update-partner.ts';

/**
 * A change of a rule that holds for a whole sales source (or a move to another source) reaches the
 * other partners there: the API names them and saves only once the admin names them too.
 */
function SourceRulesConfirmation({
  pending,
  onConfirm,
}: {
  pending: boolean;
  onConfirm: (partners: string) => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const named = String(new FormData(event.currentTarget).get('partners') ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .join(',');
    if (named) onConfirm(named);
  };
  return (
    <form onSubmit={submit} aria-label={COPY.confirmTitle}>
      <Stack gap="xs" mt="md">
        <TextInput
          name="partners"
          label={COPY.confirmLabel}
          description={COPY.confirmHint}
          autoComplete="off"
          required
        />
        <Group>
          <Button type="submit" color="orange" loading={pending}>
            {COPY.confirmSave}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The form and its live preview, from the document as last read. */
function PartnerEditor({ partner, onSaved }: { partner: PartnerAnswer; onSaved: () => void }) {
  const update = useUpdatePartner();
  const [draft, setDraft] = useState<Draft>(() => draftOf(partner));
  const [refused, setRefused] = useState<Record<string, string>>({});
  const own = useMemo(() => partnerDraftProblems(bodyOf(draft)), [draft]);
  const problems = { ...own, ...refused };
  const preview = useMemo(() => (Object.keys(own).length === 0 ? previewOf(draft) : null), [draft, own]);

  const change = (next: Draft) => {
    setDraft(next);
    setRefused({});
  };
  const needsConfirmation =
    update.error instanceof HttpError && update.error.slug === 'source-rules-unconfirmed';
  const save = (confirm?: string) =>
    update.mutate(
      {
        params: { id: partner.id },
        query: confirm ? { confirm_source_rules: confirm } : {},
        body: bodyOf(draft),
      },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const fields =
            error instanceof HttpError
              ? (error.error as { fields?: Record<string, string> }).fields
              : undefined;
          if (fields) setRefused(fields);
        },
      },
    );

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <PartnerForm
          draft={draft}
          problems={problems}
          pending={update.isPending}
          error={update.error instanceof HttpError && update.error.status === 400 ? null : update.error}
          onChange={change}
          onSubmit={() => save()}
        />
        {needsConfirmation ? <SourceRulesConfirmation pending={update.isPending} onConfirm={save} /> : null}
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <div style={{ position: 'sticky', top: 80 }}>
          <PreviewFrame id={partner.id} name={partner.name} preview={preview} />
        </div>
      </Grid.Col>
    </Grid>
  );
}

/**
 * A partner's page: its document as a form beside the widget previewing the draft, its staff
 * token, the sites that embed it and its audit trail.
 */
export function PartnerPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const justCreated = (location.state as { created?: string } | null)?.created === id;
  const partner = usePartner(id);
  const [saved, setSaved] = useState('');
  const [version, setVersion] = useState(0);
  const data = partner.data;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/socios">
        {COPY.back}
      </Anchor>
      <PageTitle>{COPY.pageTitle(data?.name ?? id)}</PageTitle>
      <Text role="status" size="sm">
        {partner.isPending ? COPY.loading : saved || (justCreated ? COPY.created(id) : '')}
      </Text>
      <ApiAlert error={partner.error} />
      {data ? (
        <>
          <Text size="sm">
            {COPY.id}: <code>{data.id}</code> · {COPY.countries[data.country] ?? data.country} · {COPY.source}
            : {data.sales_source}
          </Text>
          <PartnerEditor
            key={`${data.id}-${version}`}
            partner={data}
            onSaved={() => {
              setSaved(COPY.saved);
              setVersion((current) => current + 1);
            }}
          />
          <Divider />
          <TokenCard id={data.id} hasToken={data.has_api_token} />
          <Divider />
          <DomainsCard key={data.id} id={data.id} domains={data.domains} />
          <Divider />
          <AuditTrail id={data.id} />
        </>
      ) : null}
    </Stack>
  );
}
