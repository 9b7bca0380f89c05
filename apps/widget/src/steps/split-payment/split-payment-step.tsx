import { isClientCheckable, patientItemPrice } from '@visita/domain/cart';
import { isSubitem, sameId } from '@visita/domain/cart-item';
import { formatCurrency } from '@visita/domain/money';
import { splitPayment } from '@visita/domain/split-payment';
import { encodeExams } from '../../flow/split-exams.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import {
  CLIENT_PAYS_LABEL,
  CONTINUE_BUTTON,
  PATIENT_PAYS_LABEL,
  PATIENT_PAYS_NOTE,
  patientHeading,
  SPLIT_PAYMENT_TITLE,
} from '../../copy/split-payment.ts';
import { useCart, usePrice, useSession } from '../../stores/widget-stores.tsx';
import { StepHeading } from '../../ui/form.tsx';
import { useCartActions } from '../../stores/cart-actions.ts';
import { usePartnerProfile } from '../../flow/use-partner-profile.ts';

/** '¿Qué análisis clínicos paga la empresa?': the company pays the checked exams. */
export function SplitPaymentStep() {
  const patients = useCart((state) => state.cart.patients);
  const setClientChecked = useCartActions().setClientChecked;
  const countryCode = useSession((state) => state.countryCode);
  const updatePrice = usePrice((state) => state.update);
  const split = splitPayment(patients);
  // Only the exams the company agreed to pay can be put on it (the API refuses any other).
  const companyItems = usePartnerProfile().rules.company_pays?.items ?? [];
  const { next } = useNavigation();
  const money = (amount: number) => formatCurrency(amount, countryCode);

  return (
    <section className="visita-step" aria-labelledby="visita-split-title">
      <StepHeading id="visita-split-title">{SPLIT_PAYMENT_TITLE}</StepHeading>
      {patients.map((patient, index) => (
        <fieldset key={index} className="visita-field">
          <legend className="visita-label">{patientHeading(index, patient.patient?.fullname)}</legend>
          <ul className="visita-checks">
            {patient.items.map((item) => {
              const sub = isSubitem(item, patient.items);
              const checkable =
                isClientCheckable(patient, item.id) && Boolean(item.slug && companyItems.includes(item.slug));
              const id = `visita-split-${index}-${item.id}`;
              return (
                <li key={String(item.id)}>
                  <span className="visita-row" style={{ flexWrap: 'nowrap', alignItems: 'center' }}>
                    <input
                      id={id}
                      type="checkbox"
                      style={{ flex: 'none' }}
                      disabled={!checkable}
                      checked={patient.clientCheckedItemsIds.some((checked) => sameId(checked, item.id))}
                      onChange={(event) => setClientChecked(index, item.id, event.target.checked)}
                    />
                    <label htmlFor={id}>{item.name}</label>
                  </span>
                  <span>{money(sub ? 0 : patientItemPrice(patient, item))}</span>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
      <div className="visita-summary" aria-live="polite">
        <p style={{ margin: 0 }}>
          <strong>{CLIENT_PAYS_LABEL}</strong> {money(split.clientAmountToPay)}
        </p>
        <p style={{ margin: 0 }}>
          <strong>{PATIENT_PAYS_LABEL}</strong> {money(split.patientAmountToPay)}
        </p>
        <p style={{ margin: 0 }}>{PATIENT_PAYS_NOTE}</p>
      </div>
      <div className="visita-step__actions">
        <button
          type="button"
          className="visita-button"
          onClick={() => {
            updatePrice({
              clientAmountToPay: split.clientAmountToPay,
              patientAmountToPay: split.patientAmountToPay,
              clientSelectedExamsToPay: encodeExams(split.clientSelectedExamsToPay),
              patientSelectedExamsToPay: encodeExams(split.patientSelectedExamsToPay),
            });
            next();
          }}
        >
          {CONTINUE_BUTTON}
        </button>
      </div>
    </section>
  );
}
