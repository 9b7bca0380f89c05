import {
  type Address,
  addressLine,
  NO_NURSES_ERROR,
  NO_NURSES_MESSAGE,
  orderResidenceType,
  targetAddress,
} from './addresses.ts';
import type { ContactData } from './contact.ts';
import type { CreateTicketAnswer, OrderLead } from './contract/orders.ts';
import { ORDER_SECTION_ORIGIN, UPLOAD_ERROR_MESSAGE } from './files.ts';
import { countryName } from './locale.ts';

export interface OrderContext {
  /** The session origin, sent as triggered_from. */
  origin: string;
  salesSource: string;
}

/** The medical-order lead from the chosen address and the contact data (part 2 §3). */
export function buildOrderLead(address: Address, contact: ContactData, context: OrderContext): OrderLead {
  const apartment = address.apartmentNumber?.trim() || null;
  return {
    address_line_1: addressLine(address),
    target_address: targetAddress(address, countryName(address.country)),
    comuna: address.commune,
    region: address.region,
    zip_code: address.zip_code ?? null,
    country: address.country,
    target_street_number: address.number,
    target_address_additional_info: address.additionalInfo?.trim() || null,
    target_apartment_number: apartment,
    target_residence_type: orderResidenceType(apartment),
    target_lng: address.longitude,
    target_lat: address.latitude,
    street: address.street,
    number: address.number,
    name: contact.name,
    phone: contact.phone,
    triggered_from: context.origin,
    section_origin: ORDER_SECTION_ORIGIN,
    sales_source: context.salesSource,
    special_needs: contact.specialNeeds?.trim() || null,
    email: contact.email,
    insurance: contact.prevision ?? null,
  };
}

/** The upload result to show: null when the order went through ('ok'), else the error text. */
export function orderUploadError(answer: CreateTicketAnswer | null | undefined): string | null {
  if (answer && 'msg' in answer && answer.msg === 'ok') return null;
  if (answer && 'error' in answer && answer.error === NO_NURSES_ERROR) return NO_NURSES_MESSAGE;
  return UPLOAD_ERROR_MESSAGE;
}
