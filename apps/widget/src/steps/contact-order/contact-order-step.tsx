import { modeConfigFor } from '@visita/domain/client';
import {
  type ContactData,
  isEmailFieldShown,
  normalizeContact,
  validateContact,
} from '@visita/domain/contact';
import type { Insurance } from '@visita/domain/insurance';
import { initialPhoneValue, phoneMaxLength } from '@visita/domain/validators/phone';
import { useRef, useState } from 'react';
import {
  CONTACT_LABELS,
  CONTACT_TITLE,
  CONTINUE_BUTTON,
  PREVISION_LABEL,
  PREVISION_LABELS,
  SPECIAL_NEEDS_LABEL,
  SPECIAL_NEEDS_PLACEHOLDER,
} from '../../copy/contact.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { useSession } from '../../stores/widget-stores.tsx';
import { SelectField, StepHeading, TextField } from '../../ui/form.tsx';
import { PhoneField } from '../../ui/phone-field.tsx';

const ORDER = ['name', 'phone', 'email', 'prevision'] as const;

/** 'Datos de contacto' of the medical order. */
export function ContactOrderStep() {
  const { next } = useNavigation();
  const countryCode = useSession((state) => state.countryCode);
  const clientData = useSession((state) => state.clientData);
  const origin = useSession((state) => state.origin);
  const stored = useSession((state) => state.contactData);
  const update = useSession((state) => state.update);
  const defaultEmail = clientData?.default_patient_email?.trim() || null;
  const emailShown = isEmailFieldShown(defaultEmail);
  const specialNeedsOffered = clientData
    ? modeConfigFor(clientData, origin).special_indications_at_om === true
    : false;
  const formRef = useRef<HTMLFormElement>(null);

  const [values, setValues] = useState<ContactData>(
    () =>
      stored ?? {
        name: '',
        phone: initialPhoneValue(countryCode),
        email: '',
        specialNeeds: '',
        prevision: countryCode === 'cl' ? null : null,
      },
  );
  const [withNeeds, setWithNeeds] = useState(Boolean(stored?.specialNeeds));
  const [attempted, setAttempted] = useState(false);
  const rules = { countryCode, emailRequired: emailShown };
  // Validation runs on change and blur only after the first submit attempt.
  const errors = attempted ? validateContact(values, rules) : {};
  const set = (patch: Partial<ContactData>) => setValues((current) => ({ ...current, ...patch }));

  return (
    <section className="visita-step" aria-labelledby="visita-contact-order-title">
      <StepHeading id="visita-contact-order-title">{CONTACT_TITLE}</StepHeading>
      <form
        ref={formRef}
        className="visita-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setAttempted(true);
          const found = validateContact(values, rules);
          const first = ORDER.find((field) => found[field]);
          if (first) {
            requestAnimationFrame(() =>
              formRef.current?.querySelector<HTMLElement>(`[data-field='${first}']`)?.focus(),
            );
            return;
          }
          const contact = normalizeContact(
            { ...values, specialNeeds: withNeeds ? values.specialNeeds : null },
            { ...rules, defaultEmail },
          );
          update({ contactData: contact });
          next();
        }}
      >
        <TextField
          label={CONTACT_LABELS.name}
          data-field="name"
          autoComplete="name"
          maxLength={200}
          value={values.name}
          onValue={(value) => set({ name: value })}
          error={errors.name}
        />
        <PhoneField
          label={CONTACT_LABELS.phone}
          data-field="phone"
          maxLength={phoneMaxLength(countryCode)}
          value={values.phone}
          onValue={(value) => set({ phone: value })}
          error={errors.phone}
        />
        {emailShown ? (
          <TextField
            label={CONTACT_LABELS.email}
            data-field="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            value={values.email}
            onValue={(value) => set({ email: value })}
            error={errors.email}
          />
        ) : null}
        {countryCode === 'cl' ? (
          <SelectField
            label={PREVISION_LABEL}
            data-field="prevision"
            value={values.prevision ?? ''}
            placeholder=""
            options={(['particular', 'fonasa'] as const).map((key) => ({
              value: key,
              label: PREVISION_LABELS[key],
            }))}
            onValue={(value) => set({ prevision: (value || null) as Insurance | null })}
            error={errors.prevision}
          />
        ) : null}
        {specialNeedsOffered ? (
          <>
            <div className="visita-row" style={{ alignItems: 'center' }}>
              <input
                id="visita-special-needs-check"
                type="checkbox"
                checked={withNeeds}
                onChange={(event) => setWithNeeds(event.target.checked)}
                style={{ flex: 'none' }}
              />
              <label htmlFor="visita-special-needs-check">{SPECIAL_NEEDS_LABEL}</label>
            </div>
            {withNeeds ? (
              <TextField
                label={CONTACT_LABELS.specialNeeds}
                placeholder={SPECIAL_NEEDS_PLACEHOLDER}
                maxLength={1000}
                value={values.specialNeeds ?? ''}
                onValue={(value) => set({ specialNeeds: value })}
              />
            ) : null}
          </>
        ) : null}
        <div className="visita-step__actions">
          <button type="submit" className="visita-button">
            {CONTINUE_BUTTON}
          </button>
        </div>
      </form>
    </section>
  );
}
