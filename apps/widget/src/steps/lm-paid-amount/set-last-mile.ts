import * as endpoints from '@visita/domain/contract/endpoints';
import type { LastMileAnswer } from '@visita/domain/contract/appointments';
import { apiRequest, type RequestContext } from '../../api/http.ts';

/**
 * PATCH /appointments/{id}/last-mile/: a last-mile client's folio and the amount of its delivery.
 * The folio travels in the appointment's creation with no amount; this step, which knows the
 * amount, completes the pair.
 */
export function saveLastMile(
  appointmentId: string,
  lastMile: { folio: string | null; amount: number },
  context: RequestContext,
): Promise<LastMileAnswer> {
  return apiRequest(endpoints.lastMile, {
    params: { id: appointmentId },
    body: lastMile,
    context,
  });
}
