import { itemDisplayName } from '@visita/domain/cart-item';
import { useRequestContext } from '../../api/use-request-context.ts';
import { BOOKING_WHAT, RECEIPT_NO_APPOINTMENT, RECEIPT_TITLE } from '../../copy/booking-summary.ts';
import { useCart, useSession } from '../../stores/widget-stores.tsx';
import { BookingSummary, useStoredAppointment } from '../../components/booking-summary.tsx';
import { StepHeading } from '../../ui/form.tsx';

/**
 * The 'receipt' step: what was booked (the services still in the cart until the person leaves),
 * for whom, when, where, and the reference, the stored part read back from the API.
 */
export function ReceiptStep() {
  const appointmentId = useSession((state) => state.appointmentId);
  const context = useRequestContext();
  const summary = useStoredAppointment(appointmentId, context);
  const cart = useCart((state) => state.cart);
  const services = cart.patients.flatMap((patient) => patient.items);
  return (
    <section className="visita-step" aria-labelledby="visita-receipt-title">
      <StepHeading id="visita-receipt-title">{RECEIPT_TITLE}</StepHeading>
      {appointmentId ? (
        <>
          <BookingSummary appointmentId={appointmentId} summary={summary} />
          {services.length > 0 ? (
            <div className="visita-box">
              <h2>{BOOKING_WHAT}</h2>
              <ul className="visita-services-list">
                {services.map((item, index) => (
                  <li key={`${index}-${String(item.id)}`} className="visita-service">
                    {itemDisplayName(item, false)}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      ) : (
        <p className="visita-step__subtitle">{RECEIPT_NO_APPOINTMENT}</p>
      )}
    </section>
  );
}
