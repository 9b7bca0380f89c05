import type { AppointmentSummary } from '@visita/domain/contract/appointments';
import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../api/endpoint-query.ts';
import type { RequestContext } from '../api/http.ts';
import {
  BOOKING_APARTMENT,
  BOOKING_LOADING,
  BOOKING_REFERENCE,
  BOOKING_WHEN,
  BOOKING_WHERE,
  BOOKING_WHO,
  bookingReference,
  visitWindowText,
} from '../copy/booking-summary.ts';

/** The appointment as the API stored it; null while loading or when it cannot be read. */
export function useStoredAppointment(appointmentId: string | null, context: RequestContext) {
  // Asked on every mount; a later failure (the token cleared when the person leaves) keeps the
  // answer already read.
  const query = useEndpointQuery(
    endpoints.getAppointment,
    { params: { id: appointmentId ?? '' }, context },
    { enabled: appointmentId !== null },
  );
  return query.data ?? null;
}

/**
 * When, where, for whom and the reference of a booking, read back from the API rather than from
 * the cart: the person sees what was stored (the visit window in the sector's time zone).
 */
export function BookingSummary({
  appointmentId,
  summary,
}: {
  appointmentId: string;
  summary: AppointmentSummary | null;
}) {
  return (
    <dl className="visita-box visita-booking-summary" data-testid="booking-summary">
      <dt>{BOOKING_REFERENCE}</dt>
      <dd data-testid="booking-reference">{bookingReference(appointmentId)}</dd>
      {summary ? (
        <>
          {summary.local_begin_date ? (
            <>
              <dt>{BOOKING_WHEN}</dt>
              <dd data-testid="booking-when">
                {visitWindowText(summary.local_begin_date, summary.local_work_period_max_lateness)}
              </dd>
            </>
          ) : null}
          <dt>{BOOKING_WHERE}</dt>
          <dd data-testid="booking-where">
            {summary.target_address}
            {summary.target_apartment_number
              ? `, ${BOOKING_APARTMENT} ${summary.target_apartment_number}`
              : ''}
          </dd>
          {summary.patients.length > 0 ? (
            <>
              <dt>{BOOKING_WHO}</dt>
              <dd>
                <ul data-testid="booking-patients">
                  {summary.patients.map((patient, index) => (
                    <li key={index}>
                      {[patient.first_name, patient.last_name, patient.second_last_name]
                        .filter(Boolean)
                        .join(' ')}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
        </>
      ) : (
        <dd role="status">{BOOKING_LOADING}</dd>
      )}
    </dl>
  );
}
