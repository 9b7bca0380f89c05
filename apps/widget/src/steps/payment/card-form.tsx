import {
  type CardForm,
  type CardFormErrors,
  detectCardBrand,
  formatCardNumber,
  formatExpiry,
  securityCodeRule,
} from '@visita/domain/cards';
import { BRAND_BADGES, CARD_LABELS } from './copy.ts';
import { TextField } from '../../ui/form.tsx';

const SHOWN_BRANDS = ['visa', 'master', 'amex', 'diners'] as const;

/** The card form: masks, the detected brand, CVC by the brand's rule. */
export function CardFormFields({
  idPrefix,
  form,
  errors,
  onChange,
  onBlurField,
}: {
  idPrefix: string;
  form: CardForm;
  errors: CardFormErrors;
  onChange: (form: CardForm) => void;
  onBlurField: (field: keyof CardForm) => void;
}) {
  const brand = detectCardBrand(form.cardNumber);
  const cvcRule = securityCodeRule(form.cardNumber);
  return (
    <div className="visita-form">
      <p className="visita-row" style={{ alignItems: 'center' }}>
        <span className="visita-visually-hidden">{CARD_LABELS.brands}</span>
        {SHOWN_BRANDS.map((shown) => (
          <span
            key={shown}
            className={`visita-brand${brand === shown ? ' visita-brand--active' : ''}`}
            data-brand={shown}
            data-active={brand === shown}
            style={{ flex: 'none' }}
          >
            {BRAND_BADGES[shown]}
          </span>
        ))}
      </p>
      <TextField
        id={`${idPrefix}-number`}
        label={CARD_LABELS.cardNumber}
        inputMode="numeric"
        autoComplete="cc-number"
        value={form.cardNumber}
        maxLength={23}
        onValue={(value) => onChange({ ...form, cardNumber: formatCardNumber(value) })}
        onBlur={() => onBlurField('cardNumber')}
        error={errors.cardNumber}
      />
      <TextField
        id={`${idPrefix}-name`}
        label={CARD_LABELS.cardName}
        autoComplete="cc-name"
        value={form.cardName}
        maxLength={100}
        onValue={(value) => onChange({ ...form, cardName: value })}
        onBlur={() => onBlurField('cardName')}
        error={errors.cardName}
      />
      <div className="visita-row">
        <TextField
          id={`${idPrefix}-exp`}
          label={CARD_LABELS.expDate}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/AA"
          value={form.expDate}
          maxLength={5}
          onValue={(value) => onChange({ ...form, expDate: formatExpiry(value) })}
          onBlur={() => onBlurField('expDate')}
          error={errors.expDate}
        />
        {cvcRule.required ? (
          <TextField
            id={`${idPrefix}-cvc`}
            label={CARD_LABELS.cvc}
            inputMode="numeric"
            autoComplete="cc-csc"
            value={form.cvc}
            maxLength={cvcRule.length || 4}
            onValue={(value) => onChange({ ...form, cvc: value.replace(/\D/g, '') })}
            onBlur={() => onBlurField('cvc')}
            error={errors.cvc}
          />
        ) : null}
      </div>
    </div>
  );
}
