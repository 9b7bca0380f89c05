import { describe, expect, it } from 'vitest';
import type { Feature } from './features.ts';
import {
  customFlowSteps,
  type FlowContext,
  isStep,
  nextStep,
  previousStep,
  SCHEDULE_TYPE_NORMAL_TITLE,
  SCHEDULE_TYPE_TITLE,
  showsBackButton,
  startFromQuery,
  stepListFor,
} from './navigation.ts';
import {
  CART_MAKER_STEP_LIST,
  DEFAULT_STEP_LIST,
  LAAS_STEP_LIST,
  MANAGE_BOOKING_STEP_LIST,
  type Step,
} from './steps.ts';

const both: Feature[] = ['self-service', 'medical-order'];
const sdk: FlowContext = {
  stepList: DEFAULT_STEP_LIST,
  origin: 'sdk',
  availableFeatures: both,
};
const laas: FlowContext = {
  stepList: LAAS_STEP_LIST,
  origin: 'laas',
  availableFeatures: both,
};
const cartMaker: FlowContext = {
  stepList: CART_MAKER_STEP_LIST,
  origin: 'sdk',
  availableFeatures: both,
};

describe('the three step lists', () => {
  it.each([
    [{ origin: 'sdk' }, DEFAULT_STEP_LIST],
    [{ origin: 'web' }, DEFAULT_STEP_LIST],
    [{ origin: 'laas' }, LAAS_STEP_LIST],
    [{ origin: 'sdk', cartMaker: true }, CART_MAKER_STEP_LIST],
    [{ origin: 'laas', cartMaker: true }, CART_MAKER_STEP_LIST],
    [{ origin: 'sdk', customFlow: ['introduction', 'nope', 'services'] }, ['introduction', 'services']],
    [{ origin: 'sdk', customFlow: ['nope'] }, DEFAULT_STEP_LIST],
    [
      { origin: 'laas', customFlow: ['address', 'origin', 'lm-paid-amount'] },
      ['address', 'origin', 'lm-paid-amount'],
    ],
    [{ origin: 'laas', customFlow: [] }, LAAS_STEP_LIST],
  ] as const)('%o -> %o', (options, list) => {
    expect(stepListFor(options)).toEqual(list);
  });

  it('spells the lists as the product does', () => {
    expect(DEFAULT_STEP_LIST.join(',')).toBe(
      'introduction,schedule-type,address,services,date,patient,confirmation,payment,success,upload-order,contact-order,address-order,uploading-order,order-received',
    );
    expect(LAAS_STEP_LIST.join(',')).toBe(
      'address,services,date,select-patient,patient,confirmation,success',
    );
    expect(CART_MAKER_STEP_LIST.join(',')).toBe(
      'from-cart-maker-resume,address,date,patient,confirmation,payment,success',
    );
  });

  it('recognises step names', () => {
    expect(isStep('payment')).toBe(true);
    expect(isStep('nope')).toBe(false);
    expect(isStep(3)).toBe(false);
    expect(customFlowSteps(null)).toEqual([]);
  });
});

describe('next from introduction', () => {
  it.each([
    ['two features, no custom flow', both, null, 'schedule-type'],
    ['only medical order', ['medical-order'], null, 'upload-order'],
    ['custom flow with medical order', both, ['introduction', 'services', 'date'], 'upload-order'],
    ['custom flow, booking only', ['self-service'], ['introduction', 'services', 'date'], 'services'],
    ['custom flow of one step', ['self-service'], ['introduction'], 'address'],
    ['booking only', ['self-service'], null, 'address'],
    ['no features', [], null, 'address'],
  ] as const)('%s -> %s', (_, availableFeatures, customFlow, expected) => {
    expect(nextStep('introduction', { ...sdk, availableFeatures, customFlow })).toBe(expected);
  });
});

describe('next follows the list', () => {
  it.each([
    ['schedule-type normal', 'schedule-type', sdk, 'address'],
    [
      'schedule-type medical order',
      'schedule-type',
      { ...sdk, scheduleType: 'medical_order' },
      'upload-order',
    ],
    ['address', 'address', sdk, 'services'],
    ['confirmation to payment', 'confirmation', sdk, 'payment'],
    ['a flow without payment skips it', 'confirmation', { ...sdk, paymentEnabled: false }, 'success'],
    ['laas confirmation', 'confirmation', laas, 'success'],
    ['laas date', 'date', laas, 'select-patient'],
    ['upload-order', 'upload-order', sdk, 'contact-order'],
    ['uploading-order', 'uploading-order', sdk, 'order-received'],
    ['after the last step, success', 'order-received', sdk, 'success'],
    ['success stays', 'success', sdk, 'success'],
    ['cart-maker resume', 'from-cart-maker-resume', cartMaker, 'address'],
    [
      'cart-maker resume, address skipped',
      'from-cart-maker-resume',
      { ...cartMaker, skipAddressStep: true },
      'date',
    ],
    ['resume outside the cart-maker list', 'from-cart-maker-resume', sdk, 'address'],
    [
      'resume outside the list, address skipped',
      'from-cart-maker-resume',
      { ...sdk, skipAddressStep: true },
      'services',
    ],
    ['terms back to introduction', 'terms-and-conditions', sdk, 'introduction'],
    ['an off-list screen to the first step', 'receipt', laas, 'address'],
    ['an off-list screen of an empty list', 'receipt', { ...sdk, stepList: [] }, 'success'],
  ] as const)('%s', (_, current, ctx, expected) => {
    expect(nextStep(current as Step, ctx)).toBe(expected);
  });
});

describe('the company-pays screen, for clients whose steps include it', () => {
  const split: FlowContext = { ...sdk, splitPayment: true };
  it('comes after the patients and leads to the confirmation', () => {
    expect(nextStep('patient', split)).toBe('split-payment');
    expect(nextStep('split-payment', split)).toBe('confirmation');
  });
  it('is not there for other clients', () => {
    expect(nextStep('patient', sdk)).toBe('confirmation');
  });
  it('goes back to the patients, and the confirmation goes back to it', () => {
    expect(previousStep('split-payment', split)).toBe('patient');
    expect(previousStep('confirmation', split)).toBe('split-payment');
    expect(previousStep('confirmation', sdk)).toBe('patient');
  });
  it('is skipped with the payment where the flow has none', () => {
    expect(nextStep('split-payment', { ...split, paymentEnabled: false })).toBe('confirmation');
  });
});

describe('back, with every special case', () => {
  it.each([
    ['address (sdk) with two features', 'address', sdk, 'schedule-type'],
    [
      'address (sdk) with one feature',
      'address',
      { ...sdk, availableFeatures: ['self-service'] },
      'introduction',
    ],
    ['upload-order with two features', 'upload-order', sdk, 'schedule-type'],
    [
      'upload-order with one feature',
      'upload-order',
      { ...sdk, availableFeatures: ['medical-order'] },
      'introduction',
    ],
    [
      'address with an appointment',
      'address',
      { ...cartMaker, appointmentId: 'a1' },
      'from-cart-maker-resume',
    ],
    ['address in laas is the first step', 'address', laas, 'address'],
    [
      'date in cart-maker with address skipped',
      'date',
      { ...cartMaker, skipAddressStep: true },
      'from-cart-maker-resume',
    ],
    ['date in cart-maker', 'date', cartMaker, 'address'],
    ['confirmation for the one source', 'confirmation', { ...sdk, confirmationBackToDate: true }, 'date'],
    ['confirmation', 'confirmation', sdk, 'patient'],
    ['laas confirmation', 'confirmation', laas, 'patient'],
    ['select-patient goes back to confirmation', 'select-patient', laas, 'confirmation'],
    ['schedule-type', 'schedule-type', sdk, 'introduction'],
    ['terms', 'terms-and-conditions', sdk, 'introduction'],
    ['contact-order', 'contact-order', sdk, 'upload-order'],
    ['first step stays', 'introduction', sdk, 'introduction'],
    ['first cart-maker step stays', 'from-cart-maker-resume', cartMaker, 'from-cart-maker-resume'],
    ['success after a skipped payment', 'success', { ...cartMaker, paymentEnabled: false }, 'confirmation'],
    ['services in laas', 'services', laas, 'address'],
    ['an off-list screen stays', 'receipt', sdk, 'receipt'],
  ] as const)('%s', (_, current, ctx, expected) => {
    expect(previousStep(current as Step, ctx)).toBe(expected);
  });

  it('never lands on a skipped step', () => {
    const list: Step[] = ['payment', 'success'];
    expect(
      previousStep('success', {
        ...sdk,
        stepList: list,
        paymentEnabled: false,
      }),
    ).toBe('success');
  });
});

describe('where the back button is hidden', () => {
  it.each([
    ['introduction', DEFAULT_STEP_LIST, false],
    ['success', DEFAULT_STEP_LIST, false],
    ['order-received', DEFAULT_STEP_LIST, false],
    ['from-cart-maker-resume', CART_MAKER_STEP_LIST, false],
    ['address', LAAS_STEP_LIST, false],
    ['address', DEFAULT_STEP_LIST, true],
    ['date', CART_MAKER_STEP_LIST, true],
    ['payment', DEFAULT_STEP_LIST, true],
  ] as const)('%s in %o shows back: %s', (step, list, shown) => {
    expect(showsBackButton(step, list)).toBe(shown);
  });
});

describe('start from the query and the origin', () => {
  it.each([
    ['nothing', {}, 'sdk', false, 'introduction', DEFAULT_STEP_LIST, false],
    ['services', { services: '1,2' }, 'sdk', false, 'from-cart-maker-resume', DEFAULT_STEP_LIST, true],
    ['packs', { packs: '10' }, 'sdk', false, 'from-cart-maker-resume', DEFAULT_STEP_LIST, true],
    [
      'cart-maker',
      { 'cart-maker': 'cm1' },
      'sdk',
      false,
      'from-cart-maker-resume',
      CART_MAKER_STEP_LIST,
      true,
    ],
    [
      'appointment',
      { appointment: 'a1' },
      'sdk',
      false,
      'from-cart-maker-resume',
      CART_MAKER_STEP_LIST,
      true,
    ],
    ['laas', {}, 'laas', false, 'address', LAAS_STEP_LIST, false],
    ['laas with services', { services: '1' }, 'laas', false, 'address', LAAS_STEP_LIST, true],
    ['the one source with services', { services: '1' }, 'sdk', true, 'introduction', DEFAULT_STEP_LIST, true],
    [
      'empty parameters',
      { services: '', packs: ' ', coupon: '' },
      'sdk',
      false,
      'introduction',
      DEFAULT_STEP_LIST,
      false,
    ],
  ] as const)('%s', (_, query, origin, startsAtFirstStep, step, stepList, fromCartMaker) => {
    const start = startFromQuery(query, { origin, startsAtFirstStep });
    expect(start.step).toBe(step);
    expect(start.stepList).toEqual(stepList);
    expect(start.fromCartMaker).toBe(fromCartMaker);
  });

  it('reads the lists, the coupon (upper-cased) and the ids', () => {
    expect(
      startFromQuery(
        {
          services: '1, 2,,3',
          packs: '10',
          coupon: 'bienvenida10',
          appointment: 'a1',
          'cart-maker': 'cm1',
        },
        { origin: 'sdk' },
      ),
    ).toMatchObject({
      serviceIds: ['1', '2', '3'],
      packIds: ['10'],
      coupon: 'BIENVENIDA10',
      appointmentId: 'a1',
      cartMakerId: 'cm1',
    });
    expect(startFromQuery({}, { origin: 'sdk' })).toMatchObject({
      serviceIds: [],
      packIds: [],
      coupon: null,
    });
  });

  it('starts a custom flow at its first step', () => {
    expect(startFromQuery({}, { origin: 'sdk', customFlow: ['services', 'date'] }).step).toBe('services');
  });

  it('spells the schedule-type texts', () => {
    expect(SCHEDULE_TYPE_TITLE).toBe('¿Cómo quieres agendar?');
    expect(SCHEDULE_TYPE_NORMAL_TITLE).toBe('Agendar por mi cuenta');
  });
});

describe('managing a booking', () => {
  it("opens on 'Tu reserva', whose change goes to the date, which comes back to it", () => {
    const ctx = {
      stepList: MANAGE_BOOKING_STEP_LIST,
      origin: 'sdk' as const,
      availableFeatures: ['self-service' as const],
      customFlow: null,
      scheduleType: 'normal' as const,
      appointmentId: 'a',
      skipAddressStep: false,
    };
    expect(nextStep('manage-booking', ctx)).toBe('date');
    expect(nextStep('date', ctx)).toBe('manage-booking');
    expect(previousStep('date', ctx)).toBe('manage-booking');
    expect(showsBackButton('manage-booking', MANAGE_BOOKING_STEP_LIST)).toBe(false);
  });
});
