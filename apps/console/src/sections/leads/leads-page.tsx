import { Anchor, Badge, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { LEAD_STATUSES, type LeadStatus } from '@visita/domain/contract/console-leads';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { FilterSection } from '../../ui/filter-section.tsx';
import { ListTable } from '../../ui/list-table.tsx';
import { formatsFor } from '../appointments/format.ts';
import { COPY, formatAge, STATUS_LABELS } from './copy.ts';
import { useLeads } from './list-leads.ts';

/** The inbox of medical orders: by status, newest or longest waiting first; age against the promise. */
export function LeadsPage() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = LEAD_STATUSES.includes(statusParam as LeadStatus) ? (statusParam as LeadStatus) : undefined;
  const order = params.get('order') === 'oldest' ? 'oldest' : 'newest';
  const leads = useLeads({ ...(status ? { status } : {}), order, limit: 100 });
  const { dateTime, time } = formatsFor('cl');
  const rows = leads.data?.results ?? [];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    const chosen = String(form.get('status') ?? '');
    if (chosen) next.set('status', chosen);
    if (form.get('order') === 'oldest') next.set('order', 'oldest');
    setParams(next);
  };

  return (
    <Stack gap="lg">
      <PageTitle>{COPY.title}</PageTitle>
      <FilterSection
        id="leads-filters-title"
        title={COPY.filtersTitle}
        submitLabel={COPY.apply}
        onSubmit={submit}
      >
        <NativeSelect
          name="status"
          label={COPY.status}
          defaultValue={status ?? ''}
          data={[
            { value: '', label: COPY.anyStatus },
            ...LEAD_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
          ]}
        />
        <NativeSelect
          name="order"
          label={COPY.order}
          defaultValue={order}
          data={[
            { value: 'newest', label: COPY.newest },
            { value: 'oldest', label: COPY.oldest },
          ]}
        />
      </FilterSection>

      <section aria-labelledby="leads-results-title">
        <Title order={2} id="leads-results-title" size="h3" mb="sm">
          {COPY.resultsTitle}
        </Title>
        <Text role="status" size="sm" mb="xs">
          {leads.isPending ? COPY.loading : leads.isSuccess ? COPY.shown(rows.length, leads.data.total) : ''}
        </Text>
        {leads.error ? <ApiAlert error={leads.error} /> : null}
        {leads.isSuccess && rows.length === 0 ? <Text>{COPY.none}</Text> : null}
        {leads.isSuccess && rows.length > 0 ? (
          <ListTable
            label={COPY.resultsTitle}
            minWidth={960}
            caption={COPY.caption(leads.data.answer_hours)}
            columns={[
              COPY.code,
              COPY.received,
              COPY.age,
              COPY.person,
              COPY.contact,
              COPY.commune,
              COPY.status,
              COPY.files,
            ]}
            striped
            highlightOnHover
          >
            {rows.map((row) => (
              <Table.Tr key={row.id} data-lead={row.id}>
                <Table.Th scope="row">
                  <Anchor component={Link} to={`/ordenes/${row.id}`} ff="monospace">
                    {row.code}
                  </Anchor>
                </Table.Th>
                <Table.Td>{dateTime(row.created_at)}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <span>{formatAge(row.age_minutes)}</span>
                    {row.status === 'new' ? (
                      row.overdue ? (
                        <Badge color="red.9" variant="filled" radius="sm" tt="none">
                          {`${COPY.overdue}: ${COPY.dueWas(time(row.answer_due_at))}`}
                        </Badge>
                      ) : (
                        <Text size="sm">{`${COPY.onTime}: ${COPY.dueIn(time(row.answer_due_at))}`}</Text>
                      )
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <span>{row.email}</span>
                    <span>{row.phone}</span>
                  </Stack>
                </Table.Td>
                <Table.Td>{row.commune}</Table.Td>
                <Table.Td>{STATUS_LABELS[row.status]}</Table.Td>
                <Table.Td>{row.files}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        ) : null}
      </section>
    </Stack>
  );
}
