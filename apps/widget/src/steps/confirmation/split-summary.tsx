import { formatCurrency } from '@visita/domain/money';
import { useEffect, useState } from 'react';
import { quoteAppointmentAmount } from '../../api/payments.ts';
import type { RequestContext } from '../../api/http.ts';
import { SPLIT_CLIENT_PAYS, SPLIT_PATIENT_PAYS } from '../../copy/split-payment.ts';
import { decodeExams } from '../../flow/split-exams.ts';
import { usePrice, useSession } from '../../stores/widget-stores.tsx';

/**
 * With a split, what the company pays and what the card will be charged, the latter from the same
 * quote the payment step charges (the stored appointment without the company's exams), so the
 * confirmation, the payment step and the charge say one amount.
 */
export function SplitSummary({ context }: { context: RequestContext }) {
  const companyExams = usePrice((state) => state.clientSelectedExamsToPay);
  const clientAmount = usePrice((state) => state.clientAmountToPay);
  const coupon = usePrice((state) => state.coupon);
  const appointmentId = useSession((state) => state.appointmentId);
  const countryCode = useSession((state) => state.countryCode);
  const salesSource = useSession((state) => state.salesSource);
  const [patientAmount, setPatientAmount] = useState<number | null>(null);
  const key = companyExams.join('|');

  useEffect(() => {
    if (!appointmentId || key === '') return;
    let live = true;
    const exams = decodeExams(key === '' ? [] : key.split('|'));
    quoteAppointmentAmount(
      appointmentId,
      { country: countryCode, source: salesSource, coupon, companyExams: exams },
      context,
    )
      .then((amount) => {
        if (live) setPatientAmount(amount);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [appointmentId, key, coupon, countryCode, salesSource]);

  if (key === '') return null;
  return (
    <div className="visita-summary" data-testid="split-summary" aria-live="polite">
      <p style={{ margin: 0 }}>
        <strong>{SPLIT_CLIENT_PAYS}</strong> {formatCurrency(clientAmount, countryCode)}
      </p>
      {patientAmount !== null ? (
        <p style={{ margin: 0 }} data-testid="split-patient-pays">
          <strong>{SPLIT_PATIENT_PAYS}</strong> {formatCurrency(patientAmount, countryCode)}
        </p>
      ) : null}
    </div>
  );
}
