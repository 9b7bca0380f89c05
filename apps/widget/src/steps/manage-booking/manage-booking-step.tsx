import { formatCurrency } from '@visita/domain/money';
import { arrivalWindow, longDate, longDateTime } from '@visita/domain/visit-time';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serverMessageOr } from '../../api/http.ts';
import { bookingViewKey, cancelBooking, useBookingView } from '../../api/manage-booking.ts';
import { useRequestContext } from '../../api/use-request-context.ts';
import {
  CANCEL_CONFIRM,
  CANCEL_DIALOG_TEXT,
  CANCEL_DIALOG_TITLE,
  CANCEL_KEEP,
  CANCELLED_TOAST,
  cancelDialogRefund,
  cancelledRefund,
  CHANGE_ERROR,
  MANAGE_AT_HOME,
  MANAGE_CANCEL,
  MANAGE_CANCELLED_SUBTITLE,
  MANAGE_LOAD_ERROR,
  MANAGE_LOADING,
  MANAGE_PAID,
  MANAGE_PATIENTS,
  MANAGE_REFERENCE,
  MANAGE_RESCHEDULE,
  MANAGE_SUBTITLE,
  MANAGE_TITLE,
  MANAGE_WHEN,
  MANAGE_WHERE,
  MANAGE_WINDOW,
  manageChangeUntil,
  manageTooLate,
} from '../../copy/manage-booking.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { usePartnerProfile } from '../../flow/use-partner-profile.ts';
import { useSession } from '../../stores/widget-stores.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Button } from '../../ui/button.tsx';
import { StepHeading } from '../../ui/form.tsx';
import { useToast } from '../../components/toaster.tsx';
import './manage-booking.css';

/** 'Tu reserva': a booking as its e-mail's link opens it, to read, move or cancel. */
export function ManageBookingStep() {
  const appointmentId = useSession((state) => state.appointmentId);
  const context = useRequestContext();
  const view = useBookingView(appointmentId, context);
  const { next } = useNavigation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refundNote = usePartnerProfile().copy.refund_note;
  const [busy, setBusy] = useState(false);

  const booking = view.data;
  if (!booking) {
    return (
      <section className="visita-step" aria-labelledby="visita-manage-title">
        <StepHeading id="visita-manage-title">{MANAGE_TITLE}</StepHeading>
        <p className="visita-step__subtitle" role={view.isError ? 'alert' : 'status'}>
          {view.isError ? MANAGE_LOAD_ERROR : MANAGE_LOADING}
        </p>
      </section>
    );
  }

  const money = (amount: number) => formatCurrency(amount, booking.country);
  const cancelled = booking.status === 'cancelled';
  const cancel = async () => {
    if (!appointmentId) return;
    setBusy(true);
    try {
      const answer = await cancelBooking(appointmentId, context, booking.version);
      setConfirming(false);
      toast('success', answer.refund > 0 ? cancelledRefund(money(answer.refund)) : CANCELLED_TOAST, 6000);
      await queryClient.invalidateQueries({ queryKey: bookingViewKey(appointmentId) });
    } catch (error) {
      toast('error', serverMessageOr(error, CHANGE_ERROR), 5000);
    } finally {
      setBusy(false);
    }
  };

  const rows: Array<[string, string]> = [
    [MANAGE_REFERENCE, booking.reference],
    ...(booking.local_begin_date && booking.local_work_period_max_lateness
      ? ([
          [MANAGE_WHEN, longDate(booking.local_begin_date)],
          [MANAGE_WINDOW, arrivalWindow(booking.local_begin_date, booking.local_work_period_max_lateness)],
        ] as Array<[string, string]>)
      : []),
    [
      MANAGE_WHERE,
      booking.target_apartment_number
        ? `${booking.target_address}, depto. ${booking.target_apartment_number}`
        : booking.target_address,
    ],
    ...(booking.paid_online > 0
      ? ([[MANAGE_PAID, money(booking.paid_online)]] as Array<[string, string]>)
      : []),
    ...(!cancelled && booking.pay_at_home > 0
      ? ([[MANAGE_AT_HOME, money(booking.pay_at_home)]] as Array<[string, string]>)
      : []),
  ];

  return (
    <section className="visita-step" aria-labelledby="visita-manage-title">
      <StepHeading id="visita-manage-title">{MANAGE_TITLE}</StepHeading>
      <p className="visita-step__subtitle">{cancelled ? MANAGE_CANCELLED_SUBTITLE : MANAGE_SUBTITLE}</p>
      <dl className="visita-booking">
        {rows.map(([label, value]) => (
          <div key={label} className="visita-booking__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="visita-booking__heading">{MANAGE_PATIENTS}</h2>
      <ul className="visita-booking__patients">
        {booking.patients.map((patient, index) => (
          <li key={`${patient.name}-${index}`}>
            <strong>{patient.name}</strong>: {patient.services.join(', ')}
          </li>
        ))}
      </ul>
      {!cancelled && booking.status === 'confirmed' ? (
        booking.can_change && booking.local_change_until ? (
          <>
            <p>{manageChangeUntil(longDateTime(booking.local_change_until))}</p>
            <div className="visita-step__actions">
              <button type="button" className="visita-button" onClick={next}>
                {MANAGE_RESCHEDULE}
              </button>
              <button
                type="button"
                className="visita-button visita-button--secondary"
                onClick={() => setConfirming(true)}
              >
                {MANAGE_CANCEL}
              </button>
            </div>
          </>
        ) : (
          <p role="note">{manageTooLate(booking.cancellation_cutoff_hours)}</p>
        )
      ) : null}
      <Dialog
        open={confirming}
        title={CANCEL_DIALOG_TITLE}
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button loading={busy} onClick={() => void cancel()}>
              {CANCEL_CONFIRM}
            </Button>
            <button
              type="button"
              className="visita-button visita-button--secondary"
              onClick={() => setConfirming(false)}
            >
              {CANCEL_KEEP}
            </button>
          </>
        }
      >
        <p>{CANCEL_DIALOG_TEXT}</p>
        {booking.paid_online > 0 ? <p>{cancelDialogRefund(money(booking.paid_online))}</p> : null}
        {refundNote ? <p>{refundNote}</p> : null}
      </Dialog>
    </section>
  );
}
