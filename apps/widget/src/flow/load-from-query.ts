import type { CartItem } from '@visita/domain/cart-item';
import { modeConfigFor } from '@visita/domain/client';
import { cartMakerCurrentAppointmentId, shouldPrefillCart } from '@visita/domain/session';
import { startFromQuery, type StartQuery } from '@visita/domain/navigation';
import { MANAGE_BOOKING_STEP_LIST } from '@visita/domain/steps';
import { getAppointmentAddress } from '../api/appointment-address.ts';
import { getBookingView } from '../api/manage-booking.ts';
import { getCartMaker } from '../api/cart-maker.ts';
import { partnerProfileOf } from './use-partner-profile.ts';
import { getItems, getPacks } from '../api/get-items.ts';
import { HttpError, type RequestContext } from '../api/http.ts';
import type { WidgetStores } from '../stores/widget-stores.tsx';
import { cartActions } from '../stores/cart-actions.ts';
import { cartItemIds } from '@visita/domain/quote';
import { validateCoupon } from '../api/validate-coupon.ts';

const started = new WeakSet<WidgetStores>();

/** The query parameters read on load. */
function readStartQuery(search: string): StartQuery {
  const params = new URLSearchParams(search);
  return {
    services: params.get('services'),
    packs: params.get('packs'),
    coupon: params.get('coupon'),
    appointment: params.get('appointment'),
    'cart-maker': params.get('cart-maker'),
  };
}

/**
 * The start of a session, once per widget instance: the step list and first
 * step from the query, the 'from cart maker' flag, the coupon (upper-cased), the appointment id;
 * then the cart prefilled from services/packs once (unless skipped), the appointment's address,
 * or the cart maker's cart (address from its appointment, coupon from its discount code, items
 * from its first patient unless the prefill already ran). A coupon that arrived with a cart is
 * then validated as a typed one would be, so the flows without a services step price with it too.
 */
export async function loadFromQuery(stores: WidgetStores, search: string): Promise<void> {
  if (started.has(stores)) return;
  started.add(stores);
  await loadCartFromQuery(stores, search);
  await validateStartCoupon(stores);
}

/**
 * The start's coupon checked against the loaded items, once: a valid one is sent with every quote
 * (the services step's box would do it, but a prebuilt cart's flow skips that step). Without items
 * it stays pending for the coupon box, which applies it once the cart has some.
 */
async function validateStartCoupon(stores: WidgetStores): Promise<void> {
  const session = stores.session.getState();
  const { code, valid } = session.coupon;
  const items = cartItemIds(stores.cart.getState().cart.patients);
  if (!code || valid !== null || items.length === 0) return;
  session.update({ coupon: { code, loading: true, valid: null } });
  const answer = await validateCoupon(
    { items, coupon: code, source: session.salesSource, country: session.countryCode },
    { apiToken: session.apiToken },
  ).catch(() => null);
  // Validated as typed: a failed check leaves it pending, so the coupon box can retry it.
  stores.session.getState().update({
    coupon: { code, loading: false, valid: answer ? answer.status === 'valid' : null },
  });
}

async function loadCartFromQuery(stores: WidgetStores, search: string): Promise<void> {
  const session = stores.session.getState();
  const config = session.clientData;
  if (!config) return;
  const mode = modeConfigFor(config, session.origin);
  const start = startFromQuery(readStartQuery(search), {
    origin: session.origin,
    customFlow: mode.customFlow ?? null,
    startsAtFirstStep: partnerProfileOf(config).rules.starts_at_first_step,
  });
  stores.flow.getState().setStepList(start.stepList, start.step);
  session.update({
    fromCartMaker: start.fromCartMaker,
    ...(start.coupon ? { coupon: { code: start.coupon, loading: false, valid: null } } : {}),
  });
  // A link to an appointment carries the appointment's token: the id alone opens nothing.
  const appointmentToken = new URLSearchParams(search).get('token')?.trim() || null;
  if (start.appointmentId) session.setAppointment({ id: start.appointmentId, token: appointmentToken });

  const context: RequestContext = { apiToken: session.apiToken };
  const catalogue = { country: session.countryCode, source: session.salesSource };
  let prefilled = false;
  if (
    (start.serviceIds.length > 0 || start.packIds.length > 0) &&
    shouldPrefillCart({ alreadyPrefilled: false, skipPrefill: session.skipAddressStep })
  ) {
    const [items, packs] = await Promise.all([
      getItems({ ...catalogue, ids: start.serviceIds }, context).catch(() => [] as CartItem[]),
      getPacks({ ...catalogue, ids: start.packIds }, context).catch(() => [] as CartItem[]),
    ]);
    cartActions(stores.cart).addItems([...items, ...packs]);
    prefilled = true;
  }

  if (start.appointmentId && appointmentToken) {
    // A confirmed or cancelled booking opened from its e-mail: 'Tu reserva', not the booking flow.
    const view = await getBookingView(start.appointmentId, { ...context, appointmentToken }).catch(
      () => null,
    );
    if (view && (view.status === 'confirmed' || view.status === 'cancelled')) {
      stores.flow.getState().setStepList(MANAGE_BOOKING_STEP_LIST, 'manage-booking');
      stores.session.getState().update({ managingBooking: true });
      if (view.status === 'cancelled') return;
    }
  }

  if (start.appointmentId) {
    const address = appointmentToken
      ? await getAppointmentAddress(start.appointmentId, { ...context, appointmentToken }).catch(
          (failure: unknown) => {
            // Refused or unknown: the link does not open this appointment. Any other failure
            // (the network) is not the link's fault.
            if (failure instanceof HttpError && failure.status >= 400 && failure.status < 500)
              return false as const;
            throw failure;
          },
        )
      : false;
    if (address === false) {
      stores.session.getState().setAppointment(null);
      stores.session.getState().update({ invalidAppointmentLink: true });
      return;
    }
    // Only a link that opened its appointment (not the cart maker's) gets the scheduled wording.
    stores.session.getState().update({ addressData: address, appointmentLink: !start.cartMakerId });
  }

  if (start.cartMakerId) {
    const cart = await getCartMaker(start.cartMakerId, context);
    if (!cart) return;
    const appointment = cart.appointment;
    if (appointment) {
      const token = appointment.token ?? null;
      // A booked (or cancelled) visit is never reopened: the link then starts a new appointment
      // with the same cart, and only the address is taken from the old one.
      if (cartMakerCurrentAppointmentId(appointment)) {
        stores.session.getState().update({ cartMakerAppointment: { id: appointment.id, token } });
        stores.session.getState().setAppointment({ id: appointment.id, token });
      }
      const address = await getAppointmentAddress(appointment.id, {
        ...context,
        appointmentToken: token,
      }).catch(() => null);
      // The cart's own appointment, continued with the address it already has: no address step
      // (date goes back to the resume screen; the confirmation's 'Editar' brings the step back).
      // A booked one starts a new appointment, which the address step creates.
      if (address) {
        stores.session.getState().update({
          addressData: address,
          skipAddressStep: cartMakerCurrentAppointmentId(appointment) !== null,
        });
      }
    }
    if (cart.discount_code) {
      stores.session.getState().update({
        coupon: { code: cart.discount_code.toUpperCase(), loading: false, valid: null },
      });
    }
    const first = cart.patients[0];
    if (first && !prefilled) {
      const [items, packs] = await Promise.all([
        getItems({ ...catalogue, ids: first.items.map((item) => item.id) }, context).catch(
          () => [] as CartItem[],
        ),
        getPacks({ ...catalogue, ids: first.packs.map((pack) => pack.id) }, context).catch(
          () => [] as CartItem[],
        ),
      ]);
      cartActions(stores.cart).addItems([...items, ...packs]);
    }
  }
}
