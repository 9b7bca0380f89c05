import { Stack, Table, Text, Title } from '@mantine/core';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { CAPTION, ScrollRegion } from '../../ui/scroll-region.tsx';
import { COPY } from './copy.ts';
import { usePartnerAudit } from './partner-audit.ts';

const dateTime = new Intl.DateTimeFormat('es-CL', { dateStyle: 'short', timeStyle: 'medium' });

/** The fields whose values differ between two documents, as dotted paths (three levels at most). */
export function changedPaths(before: unknown, after: unknown, prefix = '', depth = 0): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const objects =
    before && after && typeof before === 'object' && typeof after === 'object' && !Array.isArray(before);
  if (!objects || depth >= 3) return [prefix || '—'];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after as object)])];
  return keys.flatMap((key) =>
    changedPaths(
      (before as Record<string, unknown>)[key],
      (after as Record<string, unknown>)[key],
      prefix ? `${prefix}.${key}` : key,
      depth + 1,
    ),
  );
}

/** The partner's audit trail: who changed what and when, newest first. */
export function AuditTrail({ id }: { id: string }) {
  const audit = usePartnerAudit(id);
  const rows = audit.data?.results ?? [];
  return (
    <section aria-labelledby="partner-audit-title">
      <Stack gap="sm">
        <Title order={2} id="partner-audit-title" size="h3">
          {COPY.auditTitle}
        </Title>
        <ApiAlert error={audit.error} />
        {audit.isSuccess && rows.length === 0 ? <Text>{COPY.auditNone}</Text> : null}
        {rows.length > 0 ? (
          <ScrollRegion label={COPY.auditTitle} minWidth={760}>
            <Table striped captionSide="top" data-testid="partner-audit">
              <Table.Caption style={CAPTION}>{COPY.auditCaption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{COPY.at}</Table.Th>
                  <Table.Th scope="col">{COPY.actor}</Table.Th>
                  <Table.Th scope="col">{COPY.action}</Table.Th>
                  <Table.Th scope="col">{COPY.changes}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Th scope="row" fw="normal">
                      {dateTime.format(new Date(row.at))}
                    </Table.Th>
                    <Table.Td>{row.actor}</Table.Td>
                    <Table.Td>{COPY.actions[row.action] ?? row.action}</Table.Td>
                    <Table.Td>
                      {row.action === 'partner.updated'
                        ? changedPaths(row.before, row.after).join(', ')
                        : '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        ) : null}
      </Stack>
    </section>
  );
}
