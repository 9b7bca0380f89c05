import { Anchor, Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { NURSE_SKILL_LABELS } from '@visita/domain/contract/console-nurses';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { CAPTION, ScrollRegion } from '../../ui/scroll-region.tsx';
import { COPY } from './copy.ts';
import { useNurses } from './list-nurses.ts';

/** The nurses: by name, searchable; each opens her page. */
export function NursesPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const nurses = useNurses(q ? { q } : {});
  const rows = nurses.data?.results ?? [];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setParams(value ? { q: value } : {});
  };

  return (
    <Stack gap="xl">
      <PageTitle>{COPY.title}</PageTitle>
      <Group justify="space-between" align="flex-end">
        <form key={q} onSubmit={submit} role="search" aria-label={COPY.search}>
          <Group align="flex-end">
            <TextInput name="q" label={COPY.search} defaultValue={q} maxLength={120} autoComplete="off" />
            <Button type="submit" variant="default">
              {COPY.searchSubmit}
            </Button>
          </Group>
        </form>
        <Button component={Link} to="/enfermeras/nueva">
          {COPY.newNurse}
        </Button>
      </Group>

      <section aria-labelledby="nurses-list-title">
        <Title order={2} id="nurses-list-title" size="h3" mb="sm">
          {COPY.listTitle}
        </Title>
        <Text role="status" size="sm" mb="xs">
          {nurses.isPending ? COPY.loading : ''}
        </Text>
        {nurses.error ? <ApiAlert error={nurses.error} /> : null}
        {nurses.isSuccess && rows.length === 0 ? <Text>{COPY.none}</Text> : null}
        {rows.length > 0 ? (
          <ScrollRegion label={COPY.listTitle} minWidth={900}>
            <Table striped highlightOnHover captionSide="top" data-testid="nurses-table">
              <Table.Caption style={CAPTION}>{COPY.caption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{COPY.name}</Table.Th>
                  <Table.Th scope="col">{COPY.skills}</Table.Th>
                  <Table.Th scope="col">{COPY.sectors}</Table.Th>
                  <Table.Th scope="col">{COPY.weeklyHours}</Table.Th>
                  <Table.Th scope="col">{COPY.phone}</Table.Th>
                  <Table.Th scope="col">{COPY.status}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((nurse) => (
                  <Table.Tr key={nurse.id}>
                    <Table.Th scope="row">
                      <Anchor component={Link} to={`/enfermeras/${nurse.id}`}>
                        {nurse.name}
                      </Anchor>
                    </Table.Th>
                    <Table.Td>{nurse.skills.map((skill) => NURSE_SKILL_LABELS[skill]).join(', ')}</Table.Td>
                    <Table.Td>{nurse.sectors.map((sector) => sector.name).join(', ') || '—'}</Table.Td>
                    <Table.Td>{nurse.weekly_hours}</Table.Td>
                    <Table.Td>{nurse.phone ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge color={nurse.active ? 'teal.9' : 'gray.8'} variant="filled">
                        {nurse.active ? COPY.active : COPY.inactive}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        ) : null}
      </section>
    </Stack>
  );
}
