import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { CAPTION, ScrollRegion } from '../../ui/scroll-region.tsx';
import { COPY } from './copy.ts';
import { usePartnerList } from './list-partners.ts';

const day = new Intl.DateTimeFormat('es-CL', { dateStyle: 'medium' });

/** Every partner: id, name, country, sales source, domains, staff token; each opens its page. */
export function PartnersPage() {
  const list = usePartnerList();
  const rows = list.data?.results ?? [];
  return (
    <Stack gap="xl">
      <PageTitle>{COPY.title}</PageTitle>
      <Group justify="flex-end">
        <Button component={Link} to="/socios/nuevo">
          {COPY.newPartner}
        </Button>
      </Group>
      <section aria-labelledby="partners-list-title">
        <Title order={2} id="partners-list-title" size="h3" mb="sm">
          {COPY.listTitle}
        </Title>
        <Text role="status" size="sm" mb="xs">
          {list.isPending ? COPY.loading : ''}
        </Text>
        <ApiAlert error={list.error} />
        {list.isSuccess && rows.length === 0 ? <Text>{COPY.none}</Text> : null}
        {rows.length > 0 ? (
          <ScrollRegion label={COPY.listTitle} minWidth={900}>
            <Table striped highlightOnHover captionSide="top" data-testid="partners-table">
              <Table.Caption style={CAPTION}>{COPY.caption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{COPY.id}</Table.Th>
                  <Table.Th scope="col">{COPY.name}</Table.Th>
                  <Table.Th scope="col">{COPY.country}</Table.Th>
                  <Table.Th scope="col">{COPY.source}</Table.Th>
                  <Table.Th scope="col">{COPY.domains}</Table.Th>
                  <Table.Th scope="col">{COPY.token}</Table.Th>
                  <Table.Th scope="col">{COPY.createdAt}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((partner) => (
                  <Table.Tr key={partner.id}>
                    <Table.Th scope="row" fw="normal">
                      <Anchor
                        component={Link}
                        to={`/socios/${encodeURIComponent(partner.id)}`}
                        ff="monospace"
                      >
                        {partner.id}
                      </Anchor>
                    </Table.Th>
                    <Table.Td>{partner.name}</Table.Td>
                    <Table.Td>{COPY.countries[partner.country] ?? partner.country}</Table.Td>
                    <Table.Td>{partner.sales_source}</Table.Td>
                    <Table.Td>{partner.domains.length > 0 ? partner.domains.join(', ') : '—'}</Table.Td>
                    <Table.Td>{partner.has_api_token ? COPY.yes : COPY.no}</Table.Td>
                    <Table.Td>{day.format(new Date(partner.created_at))}</Table.Td>
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
