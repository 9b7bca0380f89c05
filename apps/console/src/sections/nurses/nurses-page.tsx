import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { NURSE_SKILL_LABELS } from '@visita/domain/contract/console-nurses';
import { Link, useSearchParams } from 'react-router';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { ListTable } from '../../ui/list-table.tsx';
import { SearchForm } from '../../ui/search-form.tsx';
import { COPY } from './copy.ts';
import { useNurses } from './list-nurses.ts';

/** The nurses: by name, searchable; each opens her page. */
export function NursesPage() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const nurses = useNurses(q ? { q } : {});
  const rows = nurses.data?.results ?? [];

  return (
    <Stack gap="xl">
      <PageTitle>{COPY.title}</PageTitle>
      <Group justify="space-between" align="flex-end">
        <SearchForm label={COPY.search} submitLabel={COPY.searchSubmit} maxLength={120} />
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
          <ListTable
            label={COPY.listTitle}
            minWidth={900}
            caption={COPY.caption}
            columns={[COPY.name, COPY.skills, COPY.sectors, COPY.weeklyHours, COPY.phone, COPY.status]}
            striped
            highlightOnHover
            data-testid="nurses-table"
          >
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
          </ListTable>
        ) : null}
      </section>
    </Stack>
  );
}
