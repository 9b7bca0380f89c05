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
import { webOrigin } from './web-origin.ts';

export interface OrderContext {
  /** The session origin, sent as triggered_from. */
  origin: string;
  salesSource: string;
}

/** The medical-order lead from the chosen address and the contact data. */
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

/** The query parameter that carries the grouped order id to a client's success page. */
export const ORDER_SUCCESS_QUERY = 'solicitud_id';

/**
 * Where a client that has a success page sends the browser after an order went through:
 * its `order_success_url`, an absolute http(s) URL or a path of the page that shows the
 * widget (`base`, an origin), with solicitud_id set to the grouped order id. Null for anything
 * else (another scheme, a protocol-relative '//host', spaces or markup): the widget then shows its
 * own order-received screen. Written without URL, like webOrigin, to keep the domain runtime-free.
 */
export function orderSuccessUrl(
  configured: string | null | undefined,
  solicitudId: string,
  base: string | null,
): string | null {
  const value = configured?.trim() ?? '';
  if (!value || value.length > 2000 || /[\s<>"'`\\]/.test(value)) return null;
  let absolute: string;
  if (value.startsWith('/') && !value.startsWith('//')) {
    const origin = webOrigin(base);
    if (!origin) return null;
    absolute = origin + value;
  } else if (webOrigin(value)) {
    absolute = value;
  } else {
    return null;
  }
  const hashAt = absolute.indexOf('#');
  const beforeHash = hashAt === -1 ? absolute : absolute.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : absolute.slice(hashAt);
  const [path = '', query = ''] = beforeHash.split('?', 2);
  const kept = query.split('&').filter((pair) => pair !== '' && pair.split('=')[0] !== ORDER_SUCCESS_QUERY);
  kept.push(`${ORDER_SUCCESS_QUERY}=${encodeURIComponent(solicitudId)}`);
  return `${path}?${kept.join('&')}${hash}`;
}
