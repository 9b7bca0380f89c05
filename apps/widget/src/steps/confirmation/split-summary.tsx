import { formatCurrency } from '@visita/domain/money';
import * as endpoints from '@visita/domain/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { endpointQueryKey } from '../../api/endpoint-query.ts';
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
  const key = companyExams.join('|');
  // The patient's part: the stored appointment quoted without the company's exams.
  const patientAmount =
    useQuery({
      queryKey: [
        ...endpointQueryKey(endpoints.cartPrice),
        appointmentId,
        key,
        coupon,
        countryCode,
        salesSource,
      ],
      enabled: appointmentId !== null && key !== '',
      queryFn: () =>
        quoteAppointmentAmount(
          appointmentId ?? '',
          { country: countryCode, source: salesSource, coupon, companyExams: decodeExams(key.split('|')) },
          context,
        ),
    }).data ?? null;

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
