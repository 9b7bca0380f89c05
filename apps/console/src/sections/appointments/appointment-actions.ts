import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** POST /api/console/appointments/:id/cancel: with a reason; answers the card payment's refund. */
export function useCancelAppointment() {
  return useEndpointMutation(endpoints.consoleCancelAppointment);
}

/** POST /api/console/appointments/:id/notes: an internal note. */
export function useAddNote() {
  return useEndpointMutation(endpoints.consoleAddNote);
}

/** POST /api/console/appointments/:id/payments: a payment collected at the address. */
export function useRecordPayment() {
  return useEndpointMutation(endpoints.consoleRecordPayment);
}

/** POST /api/console/appointments/:id/outcome: the visit done, or nobody there. */
export function useSetOutcome() {
  return useEndpointMutation(endpoints.consoleSetOutcome);
}

/** POST /api/console/appointments/:id/resend-confirmation: the confirmation e-mail again. */
export function useResendConfirmation() {
  return useEndpointMutation(endpoints.consoleResendConfirmation);
}
