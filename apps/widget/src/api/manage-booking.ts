import * as endpoints from '@visita/domain/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import type { ScheduleBody } from '@visita/domain/contract/appointments';
import type {
  BookingView,
  CancelBookingAnswer,
  RescheduleAnswer,
} from '@visita/domain/contract/manage-booking';
import { endpointQueryKey } from './endpoint-query.ts';
import { apiRequest, type RequestContext } from './http.ts';

/** GET /v2/appointments/{id}/booking/: 'Tu reserva'. */
export function getBookingView(
  id: string,
  context: RequestContext,
  signal?: AbortSignal,
): Promise<BookingView> {
  return apiRequest(endpoints.manageBooking, { params: { id }, context, signal });
}

export const bookingViewKey = (id: string | null) =>
  endpointQueryKey(endpoints.manageBooking, { params: { id: id ?? '' } });

export function useBookingView(id: string | null, context: RequestContext) {
  return useQuery({
    queryKey: bookingViewKey(id),
    queryFn: ({ signal }) => getBookingView(id ?? '', context, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** POST /v2/appointments/{id}/cancel/: frees the visit; a card payment is refunded. */
export function cancelBooking(
  id: string,
  context: RequestContext,
  version?: number,
): Promise<CancelBookingAnswer> {
  // The version 'Tu reserva' showed: changed meanwhile (the partner moved it), a 409 says so.
  return apiRequest(endpoints.cancelAppointment, {
    params: { id },
    body: version === undefined ? {} : { version },
    context,
  });
}

/** POST /v2/appointments/{id}/reschedule/: the visit moves to the block, with no new payment. */
export function rescheduleBooking(
  id: string,
  block: ScheduleBody,
  context: RequestContext,
  version?: number,
): Promise<RescheduleAnswer> {
  return apiRequest(endpoints.rescheduleAppointment, {
    params: { id },
    body: version === undefined ? block : { ...block, version },
    context,
  });
}
