import type { ClientConfig } from '@visita/domain/contract/client-config';
import { DEFAULT_PUBLIC_PROFILE } from '@visita/domain/partner-defaults';
import type { PublicPartnerProfile } from '@visita/domain/partner-profile';
import { useSession } from '../stores/widget-stores.tsx';

/** The partner's profile (what varies by partner); the product's defaults until the config loads. */
export const partnerProfileOf = (clientData: ClientConfig | null | undefined): PublicPartnerProfile =>
  clientData?.profile ?? DEFAULT_PUBLIC_PROFILE;

export function usePartnerProfile(): PublicPartnerProfile {
  return useSession((state) => partnerProfileOf(state.clientData));
}

/** The benefits fund behind this partner, with the name its refusals give; null for most partners. */
export function fundOf(clientData: ClientConfig | null | undefined) {
  const fund = partnerProfileOf(clientData).rules.fund;
  return fund ? { ...fund, name: fund.name ?? clientData?.name ?? '' } : null;
}
