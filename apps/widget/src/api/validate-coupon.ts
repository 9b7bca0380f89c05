import * as endpoints from '@visita/domain/contract/endpoints';
import type { CouponValidateAnswer } from '@visita/domain/contract/pricing';
import type { CountryCode } from '@visita/domain/locale';
import { normalizeCoupon } from '@visita/domain/validators/coupon';
import { apiRequest, type RequestContext } from './http.ts';

/** GET /v2/coupons/validate/: the coupon's status for these items. */
export function validateCoupon(
  params: { items: readonly (string | number)[]; coupon: string; source: string; country: CountryCode },
  context?: RequestContext,
): Promise<CouponValidateAnswer> {
  return apiRequest(endpoints.couponValidate, {
    query: {
      items: params.items.join(','),
      coupon: normalizeCoupon(params.coupon),
      source: params.source,
      country: params.country,
    },
    context,
  });
}
