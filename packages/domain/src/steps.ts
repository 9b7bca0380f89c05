/** Wizard step names. */
export const STEPS = [
  'introduction',
  'schedule-type',
  'address',
  'services',
  'date',
  'patient',
  'confirmation',
  'payment',
  'success',
  'upload-order',
  'contact-order',
  'address-order',
  'uploading-order',
  'order-received',
  'select-patient',
  'from-cart-maker-resume',
  'terms-and-conditions',
  'receipt',
  'origin',
  'contact-info',
  'lm-paid-amount',
  'split-payment',
  'manage-booking',
] as const;
export type Step = (typeof STEPS)[number];

export const DEFAULT_STEP_LIST: readonly Step[] = [
  'introduction',
  'schedule-type',
  'address',
  'services',
  'date',
  'patient',
  'confirmation',
  'payment',
  'success',
  'upload-order',
  'contact-order',
  'address-order',
  'uploading-order',
  'order-received',
];

export const LAAS_STEP_LIST: readonly Step[] = [
  'address',
  'services',
  'date',
  'select-patient',
  'patient',
  'confirmation',
  'success',
];

export const CART_MAKER_STEP_LIST: readonly Step[] = [
  'from-cart-maker-resume',
  'address',
  'date',
  'patient',
  'confirmation',
  'payment',
  'success',
];

const ALWAYS_WITHOUT_BACK: ReadonlySet<Step> = new Set([
  'introduction',
  'success',
  'order-received',
  'from-cart-maker-resume',
]);

/** The back button is hidden on these steps and on the first step of the list. */
export function isBackHidden(step: Step, stepList: readonly Step[]): boolean {
  return ALWAYS_WITHOUT_BACK.has(step) || stepList[0] === step;
}

/** A link from a booking e-mail: 'Tu reserva', and the date step to move the visit. */
export const MANAGE_BOOKING_STEP_LIST: readonly Step[] = ['manage-booking', 'date'];
