import { COUNTRY_TIME_ZONES } from '@visita/domain/constants';
import { modeConfigFor } from '@visita/domain/client';
import type { PreloadedPatient } from '@visita/domain/host-messages';
import { isEmailFieldShown } from '@visita/domain/contact';
import { genderOptions, patientStepTitle, validatePatientForm } from '@visita/domain/patient-form';
import {
  calendarDateIn,
  composeBirthDate,
  dayChoices,
  toFormDateTime,
  yearChoices,
} from '@visita/domain/validators/birth-date';
import { phoneMaxLength } from '@visita/domain/validators/phone';
import { documentMaxLength, formatRut } from '@visita/domain/validators/rut';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRequestContext } from '../../api/use-request-context.ts';
import {
  ADDRESS_OR_APPOINTMENT_MISSING_MESSAGE,
  CONTINUE_BUTTON,
  DOCUMENT_TYPE_LABELS,
  GENDER_LABELS,
  MONTH_LABELS,
  NEXT_PATIENT_LABEL,
  PATIENT_LABELS,
  PREVIOUS_PATIENT_LABEL,
  SUBMITTING_LABEL,
} from './copy.ts';
import { draftFromInfo, infoFromDraft, type PatientDraft } from '../../flow/patient-values.ts';
import { fundRefusal } from './fund-checks.ts';
import { fundOf } from '../../flow/use-partner-profile.ts';
import { registerPatients } from '../../flow/register-patients.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { useCart, useSession, useWidgetStores } from '../../stores/widget-stores.tsx';
import { QuietFieldErrors } from '../../ui/field.tsx';
import { FormError, SelectField, Spinner, StepHeading, TextField } from '../../ui/form.tsx';
import { Loader } from '../../ui/loader.tsx';
import { PhoneField } from '../../ui/phone-field.tsx';
import { useToast } from '../../components/toaster.tsx';
import { cartActions } from '../../stores/cart-actions.ts';
import { useWording } from '../../copy/use-wording.ts';

const FIELD_ORDER = [
  'first_name',
  'last_name',
  'second_last_name',
  'date_of_birth',
  'gender',
  'document_type',
  'document_number',
  'email',
  'phone',
  'services',
] as const;

/** The host's patient, once the embed bridge stores it (session.preloadedPatient). */
function usePreloadedPatient(): PreloadedPatient | null {
  return useSession(
    (state) => (state as { preloadedPatient?: PreloadedPatient | null }).preloadedPatient ?? null,
  );
}

/** 'Datos del paciente': one form per patient, then the registration sequence. */
export function PatientStep() {
  const wording = useWording();
  const stores = useWidgetStores();
  const context = useRequestContext();
  const toast = useToast();
  const { next } = useNavigation();
  const countryCode = useSession((state) => state.countryCode);
  const clientData = useSession((state) => state.clientData);
  const origin = useSession((state) => state.origin);
  const patients = useCart((state) => state.cart.patients);
  const preloaded = usePreloadedPatient();
  const nonBinary = clientData ? modeConfigFor(clientData, origin).show_non_binary_texts === true : false;
  const defaultEmail = clientData?.default_patient_email?.trim() || null;
  const emailShown = isEmailFieldShown(defaultEmail);
  const today = useMemo(() => calendarDateIn(new Date(), COUNTRY_TIME_ZONES[countryCode]), [countryCode]);
  const count = Math.max(patients.length, 1);

  const [index, setIndex] = useState(0);
  const [drafts, setDrafts] = useState<PatientDraft[]>(() =>
    Array.from({ length: count }, (_, i) => draftFromInfo(patients[i]?.patient, countryCode)),
  );
  const [attempted, setAttempted] = useState<boolean[]>(() => Array.from({ length: count }, () => false));
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [autoSubmitting, setAutoSubmitting] = useState(preloaded !== null);
  const formRef = useRef<HTMLFormElement>(null);

  const draft = drafts[index] ?? draftFromInfo(null, countryCode);
  const services = (patients[index]?.items ?? []).map((item) => ({ category: item.category ?? null }));
  const rules = { countryCode, today, emailRequired: emailShown, nonBinaryTexts: nonBinary };
  const errors = attempted[index] ? validatePatientForm({ ...draft, services }, rules) : {};

  const setDraft = (patch: Partial<PatientDraft>) =>
    setDrafts((current) => current.map((value, i) => (i === index ? { ...value, ...patch } : value)));

  const setBirthPart = (part: 'day' | 'month' | 'year', value: string) => {
    const merged = { ...draft, [part]: value };
    let dateOfBirth = '';
    if (merged.day && merged.month && merged.year) {
      const composed = composeBirthDate(Number(merged.year), Number(merged.month), Number(merged.day));
      dateOfBirth = toFormDateTime(composed);
      merged.day = String(composed.day);
    }
    setDraft({ [part]: value, day: merged.day, date_of_birth: dateOfBirth });
  };

  const finish = useCallback(
    async (all: PatientDraft[]) => {
      const session = stores.session.getState();
      const cart = stores.cart.getState().cart;
      if (!session.appointmentId) {
        setFormError(ADDRESS_OR_APPOINTMENT_MISSING_MESSAGE);
        return false;
      }
      const infos = all.map((value) => infoFromDraft(value, countryCode, emailShown ? null : defaultEmail));
      infos.forEach((info, i) => cartActions(stores.cart).setPatientInfo(i, info));
      const result = await registerPatients({
        appointmentId: session.appointmentId,
        clientId: session.configClientId,
        countryCode,
        salesSource: session.salesSource,
        origin: session.origin,
        patients: cart.patients.length > 0 ? cart.patients : [{ items: [], insurance: 'particular' }],
        infos,
        defaultEmail: emailShown ? null : defaultEmail,
        coupon: stores.price.getState().coupon,
        context,
      });
      if (!result.ok) {
        setFormError(result.message);
        if (result.slug === 'rut-not-affiliated' || result.slug === 'item-already-booked')
          toast('error', wording(result.message) ?? result.message, 5000);
        return false;
      }
      for (const notice of result.notices) toast('blank', notice, 5000);
      stores.session
        .getState()
        .update({ accessToken: result.accessToken, patientsSavedFor: session.appointmentId });
      // For clients whose steps include it, the company-pays step comes next (navigation rules).
      next();
      return true;
    },
    [stores, countryCode, emailShown, defaultEmail, context, toast, next, wording],
  );

  const submit = useCallback(
    async (all: PatientDraft[], at: number): Promise<boolean> => {
      const current = all[at];
      if (!current) return false;
      const itemServices = (stores.cart.getState().cart.patients[at]?.items ?? []).map((item) => ({
        category: item.category ?? null,
      }));
      const found = validatePatientForm({ ...current, services: itemServices }, rules);
      setAttempted((value) => value.map((flag, i) => (i === at ? true : flag)));
      if (Object.keys(found).length > 0) {
        const first = FIELD_ORDER.find((field) => found[field]);
        requestAnimationFrame(() =>
          formRef.current?.querySelector<HTMLElement>(`[data-field='${first}']`)?.focus(),
        );
        return false;
      }
      setFormError(null);
      setSubmitting(true);
      try {
        const session = stores.session.getState();
        const fund = fundOf(session.clientData);
        if (at === 0 && fund && current.document_type === 'ci') {
          const slugs = stores.cart.getState().cart.slugs;
          const refusal = await fundRefusal(
            fund,
            session.salesSource,
            formatRut(current.document_number ?? ''),
            slugs,
            context,
          );
          if (refusal) {
            toast('error', wording(refusal) ?? refusal, 5000);
            return false;
          }
        }
        if (at < all.length - 1) {
          cartActions(stores.cart).setPatientInfo(
            at,
            infoFromDraft(current, countryCode, emailShown ? null : defaultEmail),
          );
          setIndex(at + 1);
          window.scrollTo({ top: 0 });
          return true;
        }
        return await finish(all);
      } finally {
        setSubmitting(false);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [stores, context, toast, countryCode, emailShown, defaultEmail, finish, nonBinary, today],
  );

  // The host's patient fills the first form and is sent at once, unseen.
  const autoSent = useRef(false);
  useEffect(() => {
    if (!preloaded || autoSent.current) return;
    autoSent.current = true;
    const filled = drafts.map((value, i) =>
      i === 0 ? { ...draftFromInfo(preloaded, countryCode), phone: preloaded.phone || value.phone } : value,
    );
    setDrafts(filled);
    void submit(filled, 0).then(() => setAutoSubmitting(false));
  }, [preloaded, drafts, countryCode, submit]);

  // A busy region, not a bare spinner: it holds the focus while the host's patient is sent.
  if (autoSubmitting) return <Loader label={SUBMITTING_LABEL} showImage={false} />;

  const title = patientStepTitle(index, count, nonBinary);
  const days =
    draft.year && draft.month ? dayChoices(Number(draft.year), Number(draft.month)) : dayChoices(2000, 1);
  const documentType = draft.document_type ?? 'ci';
  const documentTypes =
    countryCode === 'cl' ? (['ci', 'passport'] as const) : (['generic_id', 'passport'] as const);
  const birthError = errors.date_of_birth;

  return (
    <section className="visita-step" aria-labelledby="visita-patient-title">
      <StepHeading id="visita-patient-title" key={index}>
        {title}
      </StepHeading>
      <QuietFieldErrors>
        <form
          ref={formRef}
          className="visita-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            // Pressed again while the last press is answered: nothing more to send.
            if (!submitting) void submit(drafts, index);
          }}
        >
          <TextField
            label={PATIENT_LABELS.first_name}
            data-field="first_name"
            autoComplete="given-name"
            value={draft.first_name ?? ''}
            onValue={(value) => setDraft({ first_name: value })}
            error={errors.first_name}
          />
          <TextField
            label={PATIENT_LABELS.second_name}
            autoComplete="additional-name"
            value={draft.second_name ?? ''}
            onValue={(value) => setDraft({ second_name: value })}
          />
          <TextField
            label={PATIENT_LABELS.last_name}
            data-field="last_name"
            autoComplete="family-name"
            value={draft.last_name ?? ''}
            onValue={(value) => setDraft({ last_name: value })}
            error={errors.last_name}
          />
          <TextField
            label={PATIENT_LABELS.second_last_name}
            data-field="second_last_name"
            value={draft.second_last_name ?? ''}
            onValue={(value) => setDraft({ second_last_name: value })}
            error={errors.second_last_name}
          />
          <fieldset className="visita-field" aria-describedby={birthError ? 'visita-birth-error' : undefined}>
            <legend className="visita-label">{PATIENT_LABELS.birthDate}</legend>
            <div className="visita-row">
              <SelectField
                label={PATIENT_LABELS.day}
                data-field="date_of_birth"
                value={draft.day}
                placeholder="--"
                aria-invalid={birthError ? true : undefined}
                aria-describedby={birthError ? 'visita-birth-error' : undefined}
                options={days.map((day) => ({ value: String(day), label: String(day) }))}
                onValue={(value) => setBirthPart('day', value)}
              />
              <SelectField
                label={PATIENT_LABELS.month}
                value={draft.month}
                placeholder="--"
                aria-invalid={birthError ? true : undefined}
                aria-describedby={birthError ? 'visita-birth-error' : undefined}
                options={MONTH_LABELS.map((label, i) => ({ value: String(i + 1), label }))}
                onValue={(value) => setBirthPart('month', value)}
              />
              <SelectField
                label={PATIENT_LABELS.year}
                value={draft.year}
                placeholder="--"
                aria-invalid={birthError ? true : undefined}
                aria-describedby={birthError ? 'visita-birth-error' : undefined}
                options={yearChoices(today).map((year) => ({ value: String(year), label: String(year) }))}
                onValue={(value) => setBirthPart('year', value)}
              />
            </div>
            {birthError ? (
              <p id="visita-birth-error" className="visita-error">
                {birthError}
              </p>
            ) : null}
          </fieldset>
          <SelectField
            label={PATIENT_LABELS.gender}
            data-field="gender"
            value={draft.gender ?? 'male'}
            options={genderOptions(nonBinary).map((gender) => ({
              value: gender,
              label: GENDER_LABELS[gender],
            }))}
            onValue={(value) => setDraft({ gender: value as PatientDraft['gender'] })}
            error={errors.gender}
          />
          <SelectField
            label={PATIENT_LABELS.document_type}
            data-field="document_type"
            value={documentType}
            options={documentTypes.map((type) => ({ value: type, label: DOCUMENT_TYPE_LABELS[type] }))}
            onValue={(value) =>
              setDraft({ document_type: value as PatientDraft['document_type'], document_number: '' })
            }
            error={errors.document_type}
          />
          <TextField
            label={
              documentType === 'generic_id'
                ? PATIENT_LABELS.document_number_optional
                : PATIENT_LABELS.document_number
            }
            data-field="document_number"
            value={draft.document_number ?? ''}
            maxLength={documentMaxLength(documentType)}
            onValue={(value) =>
              setDraft({
                document_number: documentType === 'ci' && value.trim() !== '' ? formatRut(value) : value,
              })
            }
            error={errors.document_number}
          />
          {emailShown ? (
            <TextField
              label={PATIENT_LABELS.email}
              data-field="email"
              type="email"
              autoComplete="email"
              value={draft.email ?? ''}
              onValue={(value) => setDraft({ email: value })}
              error={errors.email}
            />
          ) : null}
          <PhoneField
            label={PATIENT_LABELS.phone}
            data-field="phone"
            maxLength={phoneMaxLength(countryCode)}
            value={draft.phone ?? ''}
            onValue={(value) => setDraft({ phone: value })}
            error={errors.phone}
          />
          {errors.services ? <FormError message={errors.services} /> : null}
          <FormError message={wording(formError)} />
          {count > 1 ? (
            <div className="visita-row">
              <button
                type="button"
                className="visita-link"
                disabled={index === 0 || submitting}
                onClick={() => {
                  setIndex(index - 1);
                  window.scrollTo({ top: 0 });
                }}
              >
                {PREVIOUS_PATIENT_LABEL}
              </button>
              {index < count - 1 ? (
                <button
                  type="submit"
                  className="visita-link"
                  aria-disabled={submitting || undefined}
                  aria-busy={submitting || undefined}
                >
                  {NEXT_PATIENT_LABEL}
                </button>
              ) : null}
            </div>
          ) : null}
          <div className="visita-step__actions">
            {submitting ? <Spinner label={SUBMITTING_LABEL} /> : null}
            <button
              type="submit"
              className="visita-button"
              // Busy, not disabled: a disabled button that has the focus drops it to the page.
              aria-disabled={submitting || undefined}
              aria-busy={submitting || undefined}
            >
              {CONTINUE_BUTTON}
            </button>
          </div>
        </form>
      </QuietFieldErrors>
    </section>
  );
}
