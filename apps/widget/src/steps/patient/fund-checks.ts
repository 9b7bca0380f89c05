import {
  CANNOT_VALIDATE_DATA_MESSAGE,
  notAffiliatedMessage,
  ONE_BOOKING_PER_PATIENT_MESSAGE,
} from '@visita/domain/messages';
import type { RequestContext } from '../../api/http.ts';
import { getPatientHasItem, getRutStatus } from '../../api/patients.ts';

/** The partner's benefits fund, as its profile states it (fundOf in use-partner-profile.ts). */
export interface FundRules {
  name: string;
  affiliation_check: boolean;
  once_per_patient_items: readonly string[];
}

/**
 * First patient of a benefits fund: the Rut must be affiliated and, for each item the
 * fund allows once per patient that is in the cart, the patient must not have it already. Null
 * when the patient may go on, else the toast's text.
 */
export async function fundRefusal(
  fund: FundRules,
  salesSource: string,
  rut: string,
  slugs: readonly string[],
  context: RequestContext,
): Promise<string | null> {
  try {
    if (fund.affiliation_check) {
      const status = await getRutStatus(rut, context);
      if (!status.is_affiliated) return notAffiliatedMessage(fund.name);
    }
    for (const item of fund.once_per_patient_items.filter((slug) => slugs.includes(slug))) {
      const has = await getPatientHasItem({ item, source: salesSource, rut }, context);
      if (has.patient_has_item) return ONE_BOOKING_PER_PATIENT_MESSAGE;
    }
    return null;
  } catch {
    return CANNOT_VALIDATE_DATA_MESSAGE;
  }
}
