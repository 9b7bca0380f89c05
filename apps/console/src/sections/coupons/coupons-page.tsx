import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ConsoleCoupon } from '@visita/domain/contract/console-coupons';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { ListTable } from '../../ui/list-table.tsx';
import { SearchForm } from '../../ui/search-form.tsx';
import { COPY } from './copy.ts';
import { discountText, validityText } from './format.ts';
import { useCoupons } from './list-coupons.ts';
import { ReferralCodes } from './referral-codes.tsx';
import { useUpdateCoupon } from './update-coupon.ts';

/** The body that leaves a coupon as it is but switched off. */
const deactivated = ({ code: _code, uses_count: _uses, ...fields }: ConsoleCoupon) => ({
  ...fields,
  active: false,
});

/** The coupons: by code, searchable; each opens its page; active ones can be switched off here. */
export function CouponsPage() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const coupons = useCoupons(q ? { q } : {});
  const update = useUpdateCoupon();
  const [done, setDone] = useState('');
  const rows = coupons.data?.results ?? [];

  const deactivate = (coupon: ConsoleCoupon) => {
    setDone('');
    update.mutate(
      { params: { code: coupon.code }, body: deactivated(coupon) },
      { onSuccess: () => setDone(COPY.deactivated(coupon.code)) },
    );
  };

  return (
    <Stack gap="xl">
      <PageTitle>{COPY.title}</PageTitle>
      <Group justify="space-between" align="flex-end">
        <SearchForm label={COPY.search} submitLabel={COPY.searchSubmit} maxLength={40} />
        <Button component={Link} to="/cupones/nuevo">
          {COPY.newCoupon}
        </Button>
      </Group>

      <section aria-labelledby="coupons-list-title">
        <Title order={2} id="coupons-list-title" size="h3" mb="sm">
          {COPY.listTitle}
        </Title>
        <Text role="status" size="sm" mb="xs">
          {coupons.isPending ? COPY.loading : done}
        </Text>
        {coupons.error ? <ApiAlert error={coupons.error} /> : null}
        {update.error ? <ApiAlert error={update.error} /> : null}
        {coupons.isSuccess && rows.length === 0 ? <Text>{COPY.none}</Text> : null}
        {rows.length > 0 ? (
          <ListTable
            label={COPY.listTitle}
            minWidth={1000}
            caption={COPY.caption}
            columns={[
              COPY.code,
              COPY.discount,
              COPY.validity,
              COPY.sources,
              COPY.items,
              COPY.uses,
              COPY.active,
              COPY.actions,
            ]}
            striped
            highlightOnHover
            data-testid="coupons-table"
          >
            {rows.map((coupon) => (
              <Table.Tr key={coupon.code}>
                <Table.Th scope="row" fw="normal">
                  <Anchor component={Link} to={`/cupones/${encodeURIComponent(coupon.code)}`} ff="monospace">
                    {coupon.code}
                  </Anchor>
                </Table.Th>
                <Table.Td>
                  {discountText(coupon)}
                  {coupon.once_per_person ? `, ${COPY.onePerPerson}` : ''}
                </Table.Td>
                <Table.Td>{validityText(coupon)}</Table.Td>
                <Table.Td>
                  {coupon.sales_sources.length > 0 ? coupon.sales_sources.join(', ') : COPY.all}
                </Table.Td>
                <Table.Td>
                  {coupon.item_ids.length > 0 ? COPY.itemsCount(coupon.item_ids.length) : COPY.allItems}
                </Table.Td>
                <Table.Td>
                  {coupon.uses_count} / {coupon.max_uses ?? COPY.unlimited}
                </Table.Td>
                <Table.Td>{coupon.active ? COPY.yes : COPY.no}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      component={Link}
                      to={`/cupones/${encodeURIComponent(coupon.code)}`}
                      aria-label={COPY.editOf(coupon.code)}
                    >
                      {COPY.edit}
                    </Button>
                    {coupon.active ? (
                      <Button
                        size="xs"
                        variant="outline"
                        color="red"
                        disabled={update.isPending}
                        aria-label={COPY.deactivateOf(coupon.code)}
                        onClick={() => deactivate(coupon)}
                      >
                        {COPY.deactivate}
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        ) : null}
      </section>

      <ReferralCodes />
    </Stack>
  );
}
