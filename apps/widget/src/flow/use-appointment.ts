import { NO_ADDRESS_SELECTED_MESSAGE } from '@visita/domain/addresses';
import { APPOINTMENT_ERROR_MESSAGE, APPOINTMENT_UNKNOWN_ERROR_MESSAGE } from '@visita/domain/messages';
import { useCallback } from 'react';
import { createAppointment } from '../api/create-appointment.ts';
import { serverMessageOr } from '../api/http.ts';
import { useWidgetStores } from '../stores/widget-stores.tsx';

/** The product's appointment-creation toasts last 5 s. */
const APPOINTMENT_TOAST_MS = 5000;

/**
 * Creates the appointment from the session's address (or, with `update`, saves the address on the
 * existing one; the cart maker's appointment is continued with its token). Stores {id, token}
 * with session.setAppointment. Answers whether the flow may move on; failures show the product's
 * toasts: the server's message or 'Ha ocurrido un error', 'Ha ocurrido un error desconocido'
 * when no id returns.
 */
export function useAppointment() {
  const stores = useWidgetStores();
  return useCallback(
    async ({ update = false }: { update?: boolean } = {}): Promise<boolean> => {
      const session = stores.session.getState();
      const toast = stores.toast.getState().show;
      if (session.appointmentId && !update) return true;
      const address = session.addressData;
      const config = session.clientData;
      if (!address || !config) {
        toast(
          'error',
          address ? APPOINTMENT_ERROR_MESSAGE : NO_ADDRESS_SELECTED_MESSAGE,
          APPOINTMENT_TOAST_MS,
        );
        return false;
      }
      const existing = session.appointmentId
        ? { id: session.appointmentId, token: session.appointmentToken }
        : session.cartMakerAppointment;
      try {
        const answer = await createAppointment(
          {
            address,
            salesSource: session.salesSource,
            clientId: config.id,
            sectionOrigin: session.origin,
            lastMileFolio: address.lastMileFolio ?? null,
            // An origin chosen before the appointment exists travels with its creation.
            clientOrigin: session.selectedClientOrigin,
            appointmentId: existing?.id ?? null,
            referralCode: session.coupon.valid ? session.coupon.code : null,
          },
          {
            apiToken: session.apiToken,
            appointmentToken: existing?.token ?? null,
            address: { latitude: address.latitude, longitude: address.longitude },
          },
        );
        if (!answer.id) {
          toast('error', APPOINTMENT_UNKNOWN_ERROR_MESSAGE, APPOINTMENT_TOAST_MS);
          return false;
        }
        stores.session
          .getState()
          .setAppointment({ id: answer.id, token: answer.token ?? existing?.token ?? null });
        stores.price.getState().update({ appointmentId: answer.id });
        return true;
      } catch (error) {
        toast('error', serverMessageOr(error, APPOINTMENT_ERROR_MESSAGE), APPOINTMENT_TOAST_MS);
        return false;
      }
    },
    [stores],
  );
}
