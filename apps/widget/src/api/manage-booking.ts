import { useQuery } from '@tanstack/react-query';
import type { ScheduleBody } from '@visita/domain/contract/appointments';
import type {
  BookingView,
  CancelBookingAnswer,
  RescheduleAnswer,
} from '@visita/domain/contract/manage-booking';
import { apiRequest, type RequestContext } from './http.ts';

const path = (id: string, action: 'booking' | 'cancel' | 'reschedule') =>
  `/v2/appointments/${encodeURIComponent(id)}/${action}/`;

/** GET /v2/appointments/{id}/booking/: 'Tu reserva'. */
export function getBookingView(
  id: string,
  context: RequestContext,
  signal?: AbortSignal,
): Promise<BookingView> {
  return apiRequest<BookingView>(path(id, 'booking'), { context, signal });
}

export const bookingViewKey = (id: string | null) => ['booking-view', id] as const;

export function useBookingView(id: string | null, context: RequestContext) {
  return useQuery({
    queryKey: bookingViewKey(id),
    queryFn: ({ signal }) => getBookingView(id ?? '', context, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** POST /v2/appointments/{id}/cancel/: frees the visit; a card payment is refunded. */
export function cancelBooking(id: string, context: RequestContext): Promise<CancelBookingAnswer> {
  return apiRequest<CancelBookingAnswer>(path(id, 'cancel'), { method: 'POST', body: {}, context });
}

/** POST /v2/appointments/{id}/reschedule/: the visit moves to the block, with no new payment. */
export function rescheduleBooking(
  id: string,
  block: ScheduleBody,
  context: RequestContext,
): Promise<RescheduleAnswer> {
  return apiRequest<RescheduleAnswer>(path(id, 'reschedule'), { method: 'POST', body: block, context });
}
