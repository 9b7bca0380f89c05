import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { partnerDraftProblems } from '@visita/domain/contract/console-partners';
import { type FormEvent, useState } from 'react';
import { HttpError } from '../../api/http.ts';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { COPY } from './copy.ts';
import { useUpdatePartner } from './update-partner.ts';

/** The sites allowed to frame the widget: a list to edit, saved on its own (checked as the API does). */
export function DomainsCard({ id, domains }: { id: string; domains: string[] }) {
  const update = useUpdatePartner();
  const [rows, setRows] = useState<string[]>(domains);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [done, setDone] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone('');
    const body = { domains: rows.map((row) => row.trim()).filter(Boolean) };
    const found = partnerDraftProblems(body);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      { params: { id }, body },
      {
        onSuccess: (answer) => {
          setRows(answer.domains);
          setDone(COPY.domainsSaved);
        },
        onError: (error) => {
          const fields =
            error instanceof HttpError
              ? (error.error as { fields?: Record<string, string> }).fields
              : undefined;
          if (fields) setProblems(fields);
        },
      },
    );
  };

  return (
    <section aria-labelledby="partner-domains-title">
      <form onSubmit={submit} aria-label={COPY.domainsTitle} noValidate>
        <Stack gap="sm">
          <Title order={2} id="partner-domains-title" size="h3">
            {COPY.domainsTitle}
          </Title>
          <Text size="sm">{COPY.domainsHint}</Text>
          <Text role="status" size="sm">
            {done}
          </Text>
          {update.error && !(update.error instanceof HttpError && update.error.status === 400) ? (
            <ApiAlert error={update.error} />
          ) : null}
          {rows.length === 0 ? <Text size="sm">{COPY.noDomains}</Text> : null}
          {rows.map((row, index) => (
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                label={COPY.domain(index)}
                value={row}
                placeholder="https://www.socio.cl"
                error={problems[`domains.${index}`] ?? null}
                style={{ flex: 1 }}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setRows((current) => current.map((one, at) => (at === index ? value : one)));
                }}
              />
              <Button
                variant="default"
                mt={25}
                aria-label={COPY.removeDomain(index)}
                onClick={() => setRows((current) => current.filter((_one, at) => at !== index))}
              >
                {COPY.remove}
              </Button>
            </Group>
          ))}
          <Group gap="xs">
            <Button variant="default" onClick={() => setRows((current) => [...current, ''])}>
              {COPY.addDomain}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {COPY.saveDomains}
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
