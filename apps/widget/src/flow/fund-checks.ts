import { INFLUENZA_VACCINE_SLUG } from '@visita/domain/contract/patients';
import {
  CANNOT_VALIDATE_DATA_MESSAGE,
  NOT_AFFILIATED_MESSAGE,
  ONE_BOOKING_PER_PATIENT_MESSAGE,
} from '@visita/domain/messages';
import type { RequestContext } from '../api/http.ts';
import { getPatientHasItem, getRutStatus } from '../api/patients.ts';

/** The compensation-fund sales sources (DESIGN.md: cajalosandes). */
export const FUND_SALES_SOURCES: ReadonlySet<string> = new Set(['cajalosandes']);
/** The fixed source the once-per-patient check asks about. */
export const FUND_HAS_ITEM_SOURCE = 'cajalosandes';

/**
 * Part 2 §4, first patient of a fund source: the Rut must be affiliated and, with the influenza
 * vaccine in the cart, the patient must not have it already. Null when the patient may go on,
 * else the toast's text.
 */
export async function fundRefusal(
  rut: string,
  slugs: readonly string[],
  context: RequestContext,
): Promise<string | null> {
  try {
    const status = await getRutStatus(rut, context);
    if (!status.is_affiliated) return NOT_AFFILIATED_MESSAGE;
    if (slugs.includes(INFLUENZA_VACCINE_SLUG)) {
      const has = await getPatientHasItem(
        { item: INFLUENZA_VACCINE_SLUG, source: FUND_HAS_ITEM_SOURCE, rut },
        context,
      );
      if (has.patient_has_item) return ONE_BOOKING_PER_PATIENT_MESSAGE;
    }
    return null;
  } catch {
    return CANNOT_VALIDATE_DATA_MESSAGE;
  }
}
