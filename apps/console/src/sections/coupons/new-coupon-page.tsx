import { Anchor, Stack } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '../../ui/page-title.tsx';
import { CouponForm } from './coupon-form.tsx';
import { COPY } from './copy.ts';
import { useCreateCoupon } from './create-coupon.ts';

/** A new coupon: once created, its own page opens. */
export function NewCouponPage() {
  const create = useCreateCoupon();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/cupones">
        {COPY.back}
      </Anchor>
      <PageTitle>{COPY.createTitle}</PageTitle>
      <CouponForm
        submitLabel={COPY.create}
        pending={create.isPending}
        error={create.error}
        onSubmit={(body) =>
          create.mutate(
            { body },
            {
              onSuccess: (coupon) =>
                navigate(`/cupones/${encodeURIComponent(coupon.code)}`, { state: { created: coupon.code } }),
            },
          )
        }
      />
    </Stack>
  );
}
