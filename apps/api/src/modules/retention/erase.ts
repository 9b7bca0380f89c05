import type { StoredCartPatient } from '@visita/domain/contract/patients';
import type { NewOutboxEventRow } from '../../db/schema.ts';

/**
 * What an appointment keeps once its person's data is erased: ids, dates, amounts, statuses, the
 * region and commune (the metrics' and accounting's), never the street, the point or the people.
 */
export const ERASED_ADDRESS = {
  colony: null,
  addressLine1: '',
  targetAddress: '',
  targetStreetNumber: '',
  targetLat: 0,
  targetLng: 0,
  targetApartmentNumber: null,
  targetAddressAdditionalInfo: null,
  zipCode: null,
  placeId: null,
  heldFrom: null,
  heldBy: null,
} as const;

/** A cart patient without who it is: what was booked (items, packs, insurance) stays. */
export function erasePatient(patient: StoredCartPatient): StoredCartPatient {
  return {
    items: patient.items,
    packs: patient.packs,
    is_fonasa: patient.is_fonasa,
    fonasa_tier: patient.fonasa_tier ?? null,
  };
}

/** An outbox payload once erased: nothing personal, only that it was. */
export const ERASED_PAYLOAD: NonNullable<NewOutboxEventRow['payload']> = { erased: true };
