import { describe, expect, it } from 'vitest';
import {
  amountLimitMessage,
  paymentTypeOf,
  CARD_CVC_MESSAGE,
  CARD_EXPIRY_MESSAGE,
  CARD_NAME_MESSAGE,
  CARD_NUMBER_MESSAGE,
  canContinuePayment,
  detectCardBrand,
  detectPaymentMethod,
  formatCardNumber,
  formatExpiry,
  isAmountAllowed,
  isLuhnValid,
  PAYMENT_METHODS,
  PAYMENT_STATUS,
  type PaymentMethod,
  paymentErrorMessage,
  paymentOptionsFor,
  STOCKOUT_MESSAGE,
  securityCodeRule,
  validateCardForm,
  validateCardName,
  validateCardNumber,
  validateCvc,
  validateExpiry,
} from './cards.ts';

describe('brand detection by prefix', () => {
  it.each([
    ['4111 1111 1111 1111', 'visa'],
    ['4', 'visa'],
    ['5555555555554444', 'master'],
    ['2223000048400011', 'master'],
    ['2720990000000007', 'master'],
    ['378282246310005', 'amex'],
    ['34', 'amex'],
    ['30569309025904', 'diners'],
    ['38520000023237', 'diners'],
    ['5680123456789011', 'magna'],
    ['9200123456789014', 'presto'],
    ['4051881234567892', 'debvisa'],
    ['', null],
    ['6011111111111117', null],
    ['1234', null],
  ])('%s -> %s', (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
  });

  it('recognises debmaster and redcompra from their prefix lists', () => {
    const base = PAYMENT_METHODS.find((entry) => entry.id === 'debmaster') as PaymentMethod;
    const catalogue: PaymentMethod[] = [
      { ...base, pattern: /^524101/ },
      { ...base, id: 'redcompra', name: 'Redcompra', pattern: /^601111/ },
      ...PAYMENT_METHODS,
    ];
    expect(detectCardBrand('5241011234567890', catalogue)).toBe('debmaster');
    expect(detectCardBrand('6011111111111117', catalogue)).toBe('redcompra');
  });

  it('has webpay in the catalogue without a card pattern', () => {
    expect(PAYMENT_METHODS.map((entry) => entry.id)).toContain('webpay');
    expect(detectPaymentMethod('0000')).toBeNull();
  });
});

describe('catalogue lengths, security codes, amount limits and accreditation', () => {
  it.each([
    ['visa', 16, 3, 'back', 'credit_card', 1, 11_000_000, 2880],
    ['master', 16, 3, 'back', 'credit_card', 1, 11_000_000, 2880],
    ['magna', 16, 3, 'back', 'credit_card', 1, 11_000_000, 2880],
    ['presto', 16, 3, 'back', 'credit_card', 1, 11_000_000, 2880],
    ['amex', 15, 4, 'front', 'credit_card', 1, 11_000_000, 2880],
    ['diners', 14, 3, 'back', 'credit_card', 1, 11_000_000, 2880],
    ['debmaster', 16, 3, 'back', 'debit_card', 1, 3_000_000, 0],
    ['debvisa', 16, 3, 'back', 'debit_card', 1, 3_000_000, 0],
    ['redcompra', 16, 3, 'back', 'debit_card', 1, 3_000_000, 0],
    ['webpay', null, 0, 'back', 'bank_transfer', 50, 3_000_000, 20],
  ])('%s', (id, length, cvc, location, type, min, max, accreditation) => {
    const entry = PAYMENT_METHODS.find((candidate) => candidate.id === id);
    expect(entry).toMatchObject({
      card_number_length: length,
      security_code: { length: cvc, card_location: location },
      payment_type_id: type,
      min_allowed_amount: min,
      max_allowed_amount: max,
      accreditation_time: accreditation,
    });
  });

  it.each([
    [1, 'credit_card', true],
    [0, 'credit_card', false],
    [11_000_000, 'credit_card', true],
    [11_000_001, 'credit_card', false],
    [3_000_000, 'debit_card', true],
    [3_000_001, 'debit_card', false],
    [49, 'bank_transfer', false],
    [50, 'bank_transfer', true],
  ] as const)('%d by %s allowed: %s', (amount, type, allowed) => {
    expect(isAmountAllowed(amount, type)).toBe(allowed);
  });
});

describe('amount limit messages', () => {
  it.each([
    [3_000_000, 'debit_card', null],
    [
      3_000_001,
      'debit_card',
      /^El monto a pagar supera el máximo de \$3\.000\.000 que se puede pagar con tarjeta de débito\./,
    ],
    [11_000_001, 'credit_card', /máximo de \$11\.000\.000 .* tarjeta de crédito/],
    [49, 'bank_transfer', /^El monto a pagar es menor al mínimo de \$50 que se puede pagar con Webpay\./],
    [50, 'bank_transfer', null],
  ] as const)('%d by %s', (amount, type, expected) => {
    const message = amountLimitMessage(amount, type);
    if (expected === null) expect(message).toBeNull();
    else expect(message).toMatch(expected);
  });

  it('reads the payment type of a catalogue id', () => {
    expect(paymentTypeOf('visa')).toBe('credit_card');
    expect(paymentTypeOf('redcompra')).toBe('debit_card');
    expect(paymentTypeOf('webpay')).toBe('bank_transfer');
  });
});

describe("card number: Luhn and the brand's length, 'Número de tarjeta incorrecto'", () => {
  it.each([
    ['4111111111111111', true],
    ['4111111111111112', false],
    ['79927398713', true],
    ['0', false],
  ])('Luhn %s -> %s', (number, valid) => {
    expect(isLuhnValid(number)).toBe(valid);
  });

  it.each([
    ['4111 1111 1111 1111', null],
    ['378282246310005', null],
    ['30569309025904', null],
    ['5680123456789011', null],
    ['4111111111111112', CARD_NUMBER_MESSAGE],
    ['411111111111', CARD_NUMBER_MESSAGE],
    ['1234123412341238', CARD_NUMBER_MESSAGE],
    ['', CARD_NUMBER_MESSAGE],
  ])('%s -> %s', (number, message) => {
    expect(validateCardNumber(number)).toBe(message);
  });

  it.each([
    ['4111111111111111999', '4111 1111 1111 1111'],
    ['37828224631000599', '3782 8224 6310 005'],
    ['41', '41'],
    ['4111-1111', '4111 1111'],
  ])('mask %s -> %s', (input, masked) => {
    expect(formatCardNumber(input)).toBe(masked);
  });
});

describe('holder name, expiry and CVC', () => {
  it.each([
    ['', CARD_NAME_MESSAGE],
    ['  ', CARD_NAME_MESSAGE],
    [null, CARD_NAME_MESSAGE],
    ['APRO', null],
  ])('name %j -> %s', (name, message) => {
    expect(validateCardName(name)).toBe(message);
  });

  const now = { year: 2026, month: 11 };
  it.each([
    ['11/26', null],
    ['12/26', null],
    ['01/27', null],
    ['10/26', CARD_EXPIRY_MESSAGE],
    ['12/25', CARD_EXPIRY_MESSAGE],
    ['13/27', CARD_EXPIRY_MESSAGE],
    ['00/27', CARD_EXPIRY_MESSAGE],
    ['1127', CARD_EXPIRY_MESSAGE],
    ['11/2027', CARD_EXPIRY_MESSAGE],
    [null, CARD_EXPIRY_MESSAGE],
  ])('expiry %s -> %s', (value, message) => {
    expect(validateExpiry(value, now)).toBe(message);
  });

  it.each([
    ['1', '1'],
    ['112', '11/2'],
    ['1127', '11/27'],
    ['11/279', '11/27'],
  ])('expiry mask %s -> %s', (input, masked) => {
    expect(formatExpiry(input)).toBe(masked);
  });

  it.each([
    ['123', '4111111111111111', null],
    ['12', '4111111111111111', CARD_CVC_MESSAGE],
    [null, '4111111111111111', CARD_CVC_MESSAGE],
    ['1234', '378282246310005', null],
    ['123', '378282246310005', CARD_CVC_MESSAGE],
    ['', '4051881234567892', null],
    ['12', '', CARD_CVC_MESSAGE],
  ])('cvc %j for %s -> %s', (cvc, number, message) => {
    expect(validateCvc(cvc, number)).toBe(message);
  });

  it.each([
    ['4111111111111111', { required: true, length: 3, location: 'back' }],
    ['378282246310005', { required: true, length: 4, location: 'front' }],
    ['4051881234567892', { required: false, length: 0, location: 'back' }],
    ['', { required: true, length: 3, location: 'back' }],
  ])('security code of %s', (number, rule) => {
    expect(securityCodeRule(number)).toEqual(rule);
  });

  it('validates the whole form', () => {
    expect(
      validateCardForm(
        {
          cardNumber: '4111111111111111',
          cardName: 'APRO',
          expDate: '12/30',
          cvc: '123',
        },
        now,
      ),
    ).toEqual({});
    expect(validateCardForm({ cardNumber: '4111', cardName: '', expDate: '01/20', cvc: '1' }, now)).toEqual({
      cardNumber: CARD_NUMBER_MESSAGE,
      cardName: CARD_NAME_MESSAGE,
      expDate: CARD_EXPIRY_MESSAGE,
      cvc: CARD_CVC_MESSAGE,
    });
  });

  it('spells the messages', () => {
    expect([CARD_NUMBER_MESSAGE, CARD_NAME_MESSAGE, CARD_EXPIRY_MESSAGE, CARD_CVC_MESSAGE]).toEqual([
      'Número de tarjeta incorrecto',
      'Nombre de titular incorrecto',
      'Expiración vencida',
      'CVC está incompleto',
    ]);
  });
});

describe('payment errors', () => {
  it.each([
    ['cc_rejected_call_for_authorize', 'Pago rechazado con validación para autorizar.'],
    ['cc_rejected_insufficient_amount', 'Pago rechazado por fondos insuficientes.'],
    ['cc_rejected_bad_filled_security_code', 'Pago rechazado por código de seguridad inválido.'],
    ['cc_rejected_bad_filled_date', 'Pago rechazado por un problema con la fecha de expiración.'],
    ['cc_rejected_bad_filled_other', 'Pago rechazado debido a un error en el formulario.'],
    [
      'Appointment must be in status scheduled to be paid.',
      'Pago rechazado porque la cita ya se encuentra pagada o no esta en un estado en el que se puede pagar.',
    ],
    ['cc_rejected_other_reason', 'Ocurrió un error inesperado.'],
    ['rejected', 'Ocurrió un error inesperado.'],
    [['Tarjeta bloqueada', 'otro'], 'Tarjeta bloqueada'],
    [['cc_rejected_insufficient_amount'], 'Pago rechazado por fondos insuficientes.'],
    ['El monto no es válido', 'El monto no es válido'],
    [undefined, 'Ocurrió un error inesperado.'],
    [[], 'Ocurrió un error inesperado.'],
    [{ msg: 'x' }, 'Ocurrió un error inesperado.'],
  ])('%j -> %s', (error, message) => {
    expect(paymentErrorMessage(error)).toBe(message);
  });

  it('spells the stockout toast and the status labels', () => {
    expect(STOCKOUT_MESSAGE).toBe(
      'Lamentamos informarte que este producto está sin stock (1.000 dosis). Gracias por tu comprensión y por elegirnos.',
    );
    expect(PAYMENT_STATUS).toEqual({
      PAYMENT_PENDING: 'Payment Pending',
      PAYMENT_SUCCESSFUL: 'Payment Successful',
      COMPANY_BILLED: 'Company Billed',
    });
  });
});

describe('payment options', () => {
  it.each([
    ['cl', null, ['debit', 'mercadopago']],
    ['mx', null, ['home', 'mx-mercadopago']],
    ['mx', ['home'], ['home']],
    // Another country's option in a partner's list is never offered.
    ['cl', ['home', 'debit'], ['debit']],
  ] as const)('%s with the partner list %o -> %o', (country, methods, keys) => {
    expect(paymentOptionsFor(country, methods).map((option) => option.key)).toEqual(keys);
  });

  it.each([
    [null, true, false, false],
    ['home', false, false, true],
    ['home', false, true, false],
    ['debit', false, false, false],
    ['debit', true, false, true],
  ] as const)('%s (form valid %s, loading %s) -> %s', (key, valid, loading, enabled) => {
    expect(canContinuePayment(key, valid, loading)).toBe(enabled);
  });
});
