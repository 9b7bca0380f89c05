import {
  amountLimitMessage,
  type CardForm,
  type CardFormErrors,
  canContinuePayment,
  CARD_TOKEN_ERROR,
  detectPaymentMethod,
  paymentErrorMessage,
  type PaymentOptionKey,
  paymentOptionsFor,
  validateCardForm,
} from '@visita/domain/cards';
import { confirmsWithoutPayment } from '@visita/domain/client';
import { PAYMENT_OPTION_SWITCH_DELAY_MS } from '@visita/domain/constants';
import { errorMessage } from '@visita/domain/error-catalogue';
import { formatCurrency } from '@visita/domain/money';
import * as endpoints from '@visita/domain/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { endpointQueryKey, useEndpointQuery } from '../../api/endpoint-query.ts';
import { getAmountToPay, quoteAppointmentAmount, payAtHome, payByCard } from '../../api/payments.ts';
import { useRequestContext } from '../../api/use-request-context.ts';
import { decodeExams } from '../../flow/split-exams.ts';
import {
  AMOUNT_TO_PAY_LABEL,
  CONFIRMING_APPOINTMENT,
  CONTINUE_BUTTON,
  PAY_AT_HOME_TEXT,
  PAYMENT_METHOD_TITLE_DEFAULT,
  PAYMENT_OPTION_TITLES,
  PROCESSING_PAYMENT,
  STOCKOUT_MESSAGE,
} from './copy.ts';
import { confirmManually as sendManualConfirmation, toastStockout } from '../../flow/confirm-manually.ts';
import { usePartnerProfile } from '../../flow/use-partner-profile.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { usePrice, useSession, useWidgetStores } from '../../stores/widget-stores.tsx';
import { FormError, Spinner, StepHeading } from '../../ui/form.tsx';
import { useToast } from '../../components/toaster.tsx';
import { CardFormFields } from './card-form.tsx';
import { type CardTokenizer, mercadoPagoTokenizer, sandboxTokenizer } from './card-tokenizer.ts';
import { paymentFailure } from './payment-rules.ts';
import { useStepCopy } from '../../copy/use-step-copy.ts';

const EMPTY_CARD: CardForm = { cardNumber: '', cardName: '', expDate: '', cvc: '' };

function currentMonth(): { year: number; month: number } {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

/** 'Método de pago': options as accordions, the card form, pay at home. */
export function PaymentStep() {
  const stores = useWidgetStores();
  const context = useRequestContext();
  const toast = useToast();
  const { next } = useNavigation();
  const countryCode = useSession((state) => state.countryCode);
  const profile = usePartnerProfile();
  // The payment step's title is the partner's when its profile has one.
  const text = useStepCopy('payment', { title: PAYMENT_METHOD_TITLE_DEFAULT, cta: CONTINUE_BUTTON });
  const origin = useSession((state) => state.origin);
  const clientData = useSession((state) => state.clientData);
  const appointmentId = useSession((state) => state.appointmentId);
  const appointmentToken = useSession((state) => state.appointmentToken);
  const price = usePrice((state) => state);
  const options = paymentOptionsFor(countryCode, profile.rules.payment_methods);
  const baseId = useId();

  // When the company pays every exam (split payment) nothing is left for the card: the split is
  // confirmed as it is, like the sources that confirm manually.
  const companyPaysAll = usePrice(
    (state) => state.clientSelectedExamsToPay.length > 0 && state.patientSelectedExamsToPay.length === 0,
  );
  // The client's stored rule for this session's mode, the one the API enforces too.
  const manual = (clientData ? confirmsWithoutPayment(clientData, origin) : false) || companyPaysAll;

  const [open, setOpen] = useState<PaymentOptionKey | null>(null);
  const [selected, setSelected] = useState<PaymentOptionKey | null>(null);
  const [form, setForm] = useState<CardForm>(EMPTY_CARD);
  const [touched, setTouched] = useState<ReadonlySet<keyof CardForm>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const switchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const confirmManually = useCallback(async () => {
    if (!appointmentId) return;
    setLoading(true);
    setError(null);
    try {
      await sendManualConfirmation(appointmentId, stores, context);
      next();
    } catch (failure) {
      const result = paymentFailure(failure);
      toastStockout(failure, stores);
      setError(result.kind === 'stockout' ? STOCKOUT_MESSAGE : result.message);
    } finally {
      setLoading(false);
    }
  }, [appointmentId, context, next, stores]);

  // Clients that collect the visit themselves, and their staff, skip payment.
  const manualStarted = useRef(false);
  useEffect(() => {
    if (!manual || manualStarted.current) return;
    manualStarted.current = true;
    void confirmManually();
  }, [manual, confirmManually]);

  // Which tokeniser: the server's gateway for the country (MercadoPago with its public key), else
  // the offline sandbox, also when the question fails.
  const paymentsConfig = useEndpointQuery(
    endpoints.paymentsConfig,
    { query: { country: countryCode } },
    { enabled: !manual, staleTime: Number.POSITIVE_INFINITY },
  ).data;
  const tokenizer: CardTokenizer = useMemo(
    () =>
      paymentsConfig?.gateway === 'mercadopago' && paymentsConfig.public_key
        ? mercadoPagoTokenizer(paymentsConfig.public_key, countryCode === 'cl' ? 'es-CL' : 'es-MX')
        : sandboxTokenizer,
    [paymentsConfig, countryCode],
  );

  // What the card is to charge, asked afresh each time the step opens. With a split the card pays
  // only the patient's part, which only a quote without the company's exams tells (the summary
  // knows no split before it is paid); without an answer, the price the widget shows.
  const clientSelectedExamsToPay = usePrice((state) => state.clientSelectedExamsToPay);
  const amount =
    useQuery({
      queryKey: [
        ...endpointQueryKey(endpoints.paymentSummary, { params: { id: appointmentId ?? '' } }),
        clientSelectedExamsToPay,
      ],
      enabled: !manual && appointmentId !== null,
      staleTime: 0,
      gcTime: 0,
      queryFn: async () => {
        const id = appointmentId ?? '';
        const companyExams = decodeExams(clientSelectedExamsToPay);
        const summary = companyExams.length > 0 ? null : await getAmountToPay(id, context).catch(() => null);
        const value =
          summary ??
          (await quoteAppointmentAmount(
            id,
            {
              country: countryCode,
              source: stores.session.getState().salesSource,
              coupon: stores.price.getState().coupon,
              companyExams,
            },
            context,
          ).catch(() => null));
        const shown = stores.price.getState();
        return value ?? Math.max(0, shown.cartPrice - shown.paymentAtHome);
      },
    }).data ?? null;

  useEffect(
    () => () => {
      if (switchTimer.current) clearTimeout(switchTimer.current);
    },
    [],
  );

  const now = currentMonth();
  const allErrors: CardFormErrors = validateCardForm(form, now);
  const shownErrors: CardFormErrors = Object.fromEntries(
    Object.entries(allErrors).filter(([field]) => attempted || touched.has(field as keyof CardForm)),
  );
  const cardValid = Object.keys(allErrors).length === 0;
  const canContinue = canContinuePayment(selected, cardValid, loading);

  /** Opening one closes the other; after 500 ms it is the selected method and the error clears. */
  const toggle = (key: PaymentOptionKey) => {
    if (switchTimer.current) clearTimeout(switchTimer.current);
    if (open === key) {
      setOpen(null);
      setSelected(null);
      return;
    }
    setOpen(key);
    setSelected(null);
    switchTimer.current = setTimeout(() => {
      setSelected(key);
      setError(null);
    }, PAYMENT_OPTION_SWITCH_DELAY_MS);
  };

  const pay = async () => {
    if (!appointmentId || !selected) return;
    if (selected === 'home') {
      setLoading(true);
      setError(null);
      try {
        await payAtHome(appointmentId, context);
        next();
      } catch (failure) {
        const result = paymentFailure(failure);
        if (result.kind === 'stockout') toast('error', STOCKOUT_MESSAGE, 5000);
        else setError(result.message);
      } finally {
        setLoading(false);
      }
      return;
    }
    setAttempted(true);
    if (!cardValid) return;
    const method = detectPaymentMethod(form.cardNumber);
    const total = amount ?? Math.max(0, price.cartPrice - price.paymentAtHome);
    // The catalogue's limits, as the API enforces them: said before the card is sent at all.
    const outOfRange =
      countryCode === 'cl' && method ? amountLimitMessage(total, method.payment_type_id) : null;
    if (outOfRange) {
      setError(outOfRange);
      return;
    }
    setLoading(true);
    setError(null);
    try {
      let token: string;
      try {
        token = (await tokenizer.createToken(form)).id;
      } catch {
        setError(errorMessage(CARD_TOKEN_ERROR, CARD_TOKEN_ERROR));
        return;
      }
      const companyExams = decodeExams(stores.price.getState().clientSelectedExamsToPay);
      const answer = await payByCard(
        appointmentId,
        {
          token,
          payment_method_id: method?.id ?? 'visa',
          amount: total,
          customer_id: null,
          ...(companyExams.length > 0 ? { client_exams_to_pay: companyExams } : {}),
        },
        appointmentToken,
      );
      // in_process (pending review) keeps the appointment; it moves on like an approval.
      if (String(answer.status) === 'rejected') {
        setError(paymentErrorMessage(answer.status_detail));
        return;
      }
      next();
    } catch (failure) {
      const result = paymentFailure(failure);
      if (result.kind === 'stockout') toast('error', STOCKOUT_MESSAGE, 5000);
      else setError(result.message);
    } finally {
      setLoading(false);
    }
  };

  const title = text.title;
  if (manual) {
    return (
      <section className="visita-step" aria-labelledby={`${baseId}-title`}>
        <StepHeading id={`${baseId}-title`}>{title}</StepHeading>
        {loading ? <Spinner label={CONFIRMING_APPOINTMENT} /> : null}
        <FormError message={error} />
        {error ? (
          <div className="visita-step__actions">
            <button type="button" className="visita-button" onClick={() => void confirmManually()}>
              {text.cta}
            </button>
          </div>
        ) : null}
      </section>
    );
  }

  return (
    <section className="visita-step" aria-labelledby={`${baseId}-title`}>
      <StepHeading id={`${baseId}-title`}>{title}</StepHeading>
      {amount !== null ? (
        <p className="visita-summary">
          <strong>{AMOUNT_TO_PAY_LABEL}</strong> {formatCurrency(amount, countryCode)}
        </p>
      ) : null}
      {options.map((option) => {
        const expanded = open === option.key;
        const panelId = `${baseId}-${option.key}-panel`;
        return (
          <div key={option.key} className="visita-accordion" data-option={option.key}>
            <h2 style={{ margin: 0, fontSize: '1rem' }}>
              <button
                type="button"
                className="visita-accordion__header"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(option.key)}
              >
                <span>{PAYMENT_OPTION_TITLES[option.key]}</span>
                <span aria-hidden="true">{expanded ? '−' : '+'}</span>
              </button>
            </h2>
            {expanded ? (
              <div
                id={panelId}
                className="visita-accordion__panel"
                role="region"
                aria-label={PAYMENT_OPTION_TITLES[option.key]}
              >
                {option.key === 'home' ? (
                  <p>{PAY_AT_HOME_TEXT}</p>
                ) : (
                  <CardFormFields
                    idPrefix={`${baseId}-${option.key}`}
                    form={form}
                    errors={shownErrors}
                    onChange={(value) => {
                      setForm(value);
                      setError(null);
                    }}
                    onBlurField={(field) => setTouched((current) => new Set(current).add(field))}
                  />
                )}
              </div>
            ) : null}
          </div>
        );
      })}
      <FormError message={error} />
      <div className="visita-step__actions">
        {loading ? <Spinner label={PROCESSING_PAYMENT} /> : null}
        <button
          type="button"
          className="visita-button"
          // Busy, not disabled, while the payment is answered: a disabled button drops the focus.
          disabled={!canContinuePayment(selected, cardValid, false)}
          aria-disabled={loading || undefined}
          aria-busy={loading || undefined}
          onClick={() => {
            if (canContinue) void pay();
          }}
        >
          {text.cta}
        </button>
      </div>
    </section>
  );
}
