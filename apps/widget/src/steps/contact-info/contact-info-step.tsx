import { isEmailFieldShown } from '@visita/domain/contact';
import { normalizeEmail, validateEmail } from '@visita/domain/validators/email';
import {
  initialPhoneValue,
  normalizePhone,
  phoneMaxLength,
  validatePhone,
} from '@visita/domain/validators/phone';
import { useState } from 'react';
import { useRequestContext } from '../../api/use-request-context.ts';
import { CONTACT_LABELS, CONTINUE_BUTTON, PATIENT_CONTACT_TITLE } from '../../copy/contact.ts';
import { registerPatients } from '../../flow/register-patients.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { useSession, useWidgetStores } from '../../stores/widget-stores.tsx';
import { FormError, Spinner, StepHeading, TextField } from '../../ui/form.tsx';
import { PhoneField } from '../../ui/phone-field.tsx';
import { cartActions } from '../../stores/cart-actions.ts';
import { useWording } from '../../copy/use-wording.ts';

/**
 * 'Datos del contacto': phone always, e-mail without a default. When the
 * patients are already known (chosen or preloaded), submitting runs the registration sequence.
 */
export function ContactInfoStep() {
  const wording = useWording();
  const stores = useWidgetStores();
  const context = useRequestContext();
  const { next } = useNavigation();
  const countryCode = useSession((state) => state.countryCode);
  const clientData = useSession((state) => state.clientData);
  const defaultEmail = clientData?.default_patient_email?.trim() || null;
  const emailShown = isEmailFieldShown(defaultEmail);
  const [phone, setPhone] = useState(() => initialPhoneValue(countryCode, { patientStep: true }));
  const [email, setEmail] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const phoneError = attempted ? validatePhone(phone, countryCode) : null;
  const emailError = attempted && emailShown ? validateEmail(email) : null;

  return (
    <section className="visita-step" aria-labelledby="visita-contact-info-title">
      <StepHeading id="visita-contact-info-title">{PATIENT_CONTACT_TITLE}</StepHeading>
      <form
        className="visita-form"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (sending) return;
          setAttempted(true);
          if (validatePhone(phone, countryCode) || (emailShown && validateEmail(email))) return;
          const contact = {
            phone: normalizePhone(phone, countryCode),
            email: emailShown ? normalizeEmail(email) : (defaultEmail ?? ''),
          };
          const actions = cartActions(stores.cart);
          stores.cart
            .getState()
            .cart.patients.forEach((patient, index) =>
              actions.setPatientInfo(index, { ...(patient.patient ?? {}), ...contact }),
            );
          const session = stores.session.getState();
          const patients = stores.cart.getState().cart.patients;
          const complete = patients.every(
            (patient) => patient.patient?.first_name && patient.patient.date_of_birth,
          );
          if (!complete || !session.appointmentId) {
            next();
            return;
          }
          setSending(true);
          setError(null);
          const result = await registerPatients({
            appointmentId: session.appointmentId,
            clientId: session.configClientId,
            countryCode,
            salesSource: session.salesSource,
            origin: session.origin,
            patients,
            infos: patients.map((patient) => patient.patient ?? {}),
            coupon: stores.price.getState().coupon,
            context,
          });
          setSending(false);
          if (!result.ok) {
            setError(result.message);
            return;
          }
          session.update({ accessToken: result.accessToken });
          next();
        }}
      >
        <PhoneField
          label={CONTACT_LABELS.phone}
          maxLength={phoneMaxLength(countryCode)}
          value={phone}
          onValue={setPhone}
          error={phoneError}
        />
        {emailShown ? (
          <TextField
            label={CONTACT_LABELS.email}
            type="email"
            autoComplete="email"
            maxLength={254}
            value={email}
            onValue={setEmail}
            error={emailError}
          />
        ) : null}
        <FormError message={wording(error)} />
        <div className="visita-step__actions">
          {sending ? <Spinner label={PATIENT_CONTACT_TITLE} /> : null}
          <button
            type="submit"
            className="visita-button"
            // Busy, not disabled: a disabled button that has the focus drops it to the page.
            aria-disabled={sending || undefined}
            aria-busy={sending || undefined}
          >
            {CONTINUE_BUTTON}
          </button>
        </div>
      </form>
    </section>
  );
}
