import { computeAmountToPay, formatCurrency, validateAmountToPay } from '@visita/domain/money';
import { useState } from 'react';
import { serverMessageOr } from '../../api/http.ts';
import { setAppointmentAmount } from '../../api/payments.ts';
import { useRequestContext } from '../../api/use-request-context.ts';
import { saveLastMile } from './set-last-mile.ts';
import { AMOUNT_LABELS, AMOUNT_TITLE, AMOUNT_UNEXPECTED_ERROR, CONTINUE_BUTTON } from './copy.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { useSession } from '../../stores/widget-stores.tsx';
import { FormError, Spinner, StepHeading, TextField } from '../../ui/form.tsx';

function parseAmount(value: string): number | null {
  if (value.trim() === '') return null;
  const parsed = Number(value.replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : Number.NaN;
}

/**
 * 'Monto a Pagar': subtotal and discount; IVA (the country's rate) and total computed. For a
 * last-mile client the total is then recorded as its delivery's amount, with the folio.
 */
export function LmPaidAmountStep() {
  const { next } = useNavigation();
  const context = useRequestContext();
  const appointmentId = useSession((state) => state.appointmentId);
  const countryCode = useSession((state) => state.countryCode);
  const isLastMile = useSession((state) => state.clientData?.is_last_mile === true);
  const lastMileFolio = useSession((state) => state.addressData?.lastMileFolio ?? null);
  const [subtotal, setSubtotal] = useState('');
  const [promotion, setPromotion] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const input = { subtotal: parseAmount(subtotal), promotion: parseAmount(promotion) };
  const errors = attempted || promotion !== '' ? validateAmountToPay(input) : {};
  const shown = attempted ? errors : { promotion: errors.promotion };
  const valid = Object.keys(validateAmountToPay(input)).length === 0;
  const { iva, total } = valid
    ? computeAmountToPay(input.subtotal ?? 0, input.promotion ?? 0, countryCode)
    : { iva: 0, total: 0 };
  const money = (amount: number) => formatCurrency(amount, countryCode, { floor: false });

  return (
    <section className="visita-step" aria-labelledby="visita-amount-title">
      <StepHeading id="visita-amount-title">{AMOUNT_TITLE}</StepHeading>
      <form
        className="visita-form"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (saving) return;
          setAttempted(true);
          if (!valid || !appointmentId) return;
          setSaving(true);
          setError(null);
          try {
            const amounts = await setAppointmentAmount(
              appointmentId,
              { total: input.subtotal, discount: input.promotion ?? 0 },
              context,
            );
            // A last-mile client's delivery: its folio (sent when the appointment was made) with
            // the total the server just computed.
            if (isLastMile) {
              await saveLastMile(
                appointmentId,
                { folio: lastMileFolio?.trim() || null, amount: amounts.total },
                context,
              );
            }
            next();
          } catch (failure) {
            setError(serverMessageOr(failure, AMOUNT_UNEXPECTED_ERROR));
          } finally {
            setSaving(false);
          }
        }}
      >
        <TextField
          label={AMOUNT_LABELS.subtotal}
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          value={subtotal}
          onValue={setSubtotal}
          error={shown.subtotal}
        />
        <TextField
          label={AMOUNT_LABELS.promotion}
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          value={promotion}
          onValue={setPromotion}
          error={shown.promotion}
        />
        <TextField label={AMOUNT_LABELS.iva} readOnly value={money(iva)} onValue={() => undefined} />
        <TextField label={AMOUNT_LABELS.total} readOnly value={money(total)} onValue={() => undefined} />
        <FormError message={error} />
        <div className="visita-step__actions">
          {saving ? <Spinner label={AMOUNT_TITLE} /> : null}
          <button
            type="submit"
            className="visita-button"
            // Busy, not disabled: a disabled button that has the focus drops it to the page.
            aria-disabled={saving || undefined}
            aria-busy={saving || undefined}
          >
            {CONTINUE_BUTTON}
          </button>
        </div>
      </form>
    </section>
  );
}
