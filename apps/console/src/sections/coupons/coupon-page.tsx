import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { formatCurrency } from '@visita/domain/money';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { CAPTION, ScrollRegion } from '../../ui/scroll-region.tsx';
import { CouponForm } from './coupon-form.tsx';
import { COPY, STATUS_LABELS } from './copy.ts';
import { dateTime, discountText, validityText } from './format.ts';
import { useCoupon } from './get-coupon.ts';
import { useUpdateCoupon } from './update-coupon.ts';

/** A coupon's page: what it is, its form, and the appointments that used it (each a link). */
export function CouponPage() {
  const { code = '' } = useParams();
  const location = useLocation();
  const justCreated = (location.state as { created?: string } | null)?.created === code;
  const detail = useCoupon(code);
  const update = useUpdateCoupon();
  const [saved, setSaved] = useState('');
  const coupon = detail.data?.coupon;
  const uses = detail.data?.uses ?? [];

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/cupones">
        {COPY.back}
      </Anchor>
      <PageTitle>{COPY.editTitle(code)}</PageTitle>
      <Text role="status" size="sm">
        {detail.isPending ? COPY.loading : saved || (justCreated ? COPY.created(code) : '')}
      </Text>
      {detail.error ? <ApiAlert error={detail.error} /> : null}
      {coupon ? (
        <>
          <Text>
            {discountText(coupon)} · {validityText(coupon)} · {COPY.uses}: {coupon.uses_count} /{' '}
            {coupon.max_uses ?? COPY.unlimited} · {COPY.active}: {coupon.active ? COPY.yes : COPY.no}
          </Text>
          <CouponForm
            key={JSON.stringify(coupon)}
            coupon={coupon}
            submitLabel={COPY.save}
            pending={update.isPending}
            error={update.error}
            onSubmit={({ code: _code, ...body }) => {
              setSaved('');
              update.mutate(
                { params: { code: coupon.code }, body },
                { onSuccess: () => setSaved(COPY.saved) },
              );
            }}
          />
          <section aria-labelledby="coupon-uses-title">
            <Title order={2} id="coupon-uses-title" size="h3" mb="sm">
              {COPY.usesTitle}
            </Title>
            {uses.length === 0 ? (
              <Text>{COPY.noUses}</Text>
            ) : (
              <ScrollRegion label={COPY.usesTitle} minWidth={760}>
                <Table striped captionSide="top" data-testid="coupon-uses">
                  <Table.Caption style={CAPTION}>{COPY.usesCaption}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{COPY.appointment}</Table.Th>
                      <Table.Th scope="col">{COPY.usedAt}</Table.Th>
                      <Table.Th scope="col">{COPY.status}</Table.Th>
                      <Table.Th scope="col">{COPY.source}</Table.Th>
                      <Table.Th scope="col">{COPY.discountApplied}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {uses.map((use) => (
                      <Table.Tr key={use.appointment_id}>
                        <Table.Th scope="row" fw="normal">
                          <Anchor component={Link} to={`/citas/${use.appointment_id}`} ff="monospace">
                            {use.appointment_id.slice(0, 8).toUpperCase()}
                          </Anchor>
                        </Table.Th>
                        <Table.Td>{dateTime.format(new Date(use.used_at))}</Table.Td>
                        <Table.Td>{use.status ? (STATUS_LABELS[use.status] ?? use.status) : '—'}</Table.Td>
                        <Table.Td>{use.sales_source ?? '—'}</Table.Td>
                        <Table.Td>
                          {use.discount === null ? '—' : formatCurrency(use.discount, coupon.country ?? 'cl')}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollRegion>
            )}
          </section>
        </>
      ) : null}
    </Stack>
  );
}
