import type { SessionOrigin } from './client.ts';
import type { Feature } from './features.ts';
import {
  CART_MAKER_STEP_LIST,
  DEFAULT_STEP_LIST,
  isBackHidden,
  LAAS_STEP_LIST,
  STEPS,
  type Step,
} from './steps.ts';

export { isBackHidden };

/** The schedule-type step's choice. */
export const SCHEDULE_TYPES = ['normal', 'medical_order'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];
export const SCHEDULE_TYPE_TITLE = '¿Cómo quieres agendar?';
export const SCHEDULE_TYPE_NORMAL_TITLE = 'Agendar por mi cuenta';

export function isStep(value: unknown): value is Step {
  return typeof value === 'string' && (STEPS as readonly string[]).includes(value);
}

/** A client's custom flow, keeping only names that are steps. */
export function customFlowSteps(customFlow: readonly string[] | null | undefined): Step[] {
  return (customFlow ?? []).filter(isStep);
}

export interface StepListOptions {
  origin: SessionOrigin;
  /** A cart-maker id or an appointment id came in the query. */
  cartMaker?: boolean;
  customFlow?: readonly string[] | null;
}

/**
 * Cart-maker or appointment switch to the cart-maker list; else the client's custom flow (its
 * laas or sdk config's); else the laas or the default list. A custom flow is how the screens the
 * product keeps outside the three lists (origin, lm-paid-amount, …) enter a flow, for staff too.
 */
export function stepListFor({ origin, cartMaker, customFlow }: StepListOptions): readonly Step[] {
  if (cartMaker) return CART_MAKER_STEP_LIST;
  const custom = customFlowSteps(customFlow);
  if (custom.length > 0) return custom;
  return origin === 'laas' ? LAAS_STEP_LIST : DEFAULT_STEP_LIST;
}

export interface FlowContext {
  stepList: readonly Step[];
  origin: SessionOrigin;
  availableFeatures: readonly Feature[];
  customFlow?: readonly string[] | null;
  scheduleType?: ScheduleType;
  appointmentId?: string | null;
  /** The cart-maker flow skipped the address step (its appointment brought one). */
  skipAddressStep?: boolean;
  /** False when this flow confirms without a payment step (laas, manual-confirmation sources). */
  paymentEnabled?: boolean;
  /** The one sales source whose confirmation goes back to the date step. */
  confirmationBackToDate?: boolean;
  /** The client's steps include the company-pays screen, between the patients and the confirmation. */
  splitPayment?: boolean;
}

function skipped(step: Step, ctx: FlowContext): boolean {
  return (
    (step === 'payment' && ctx.paymentEnabled === false) ||
    (step === 'address' && ctx.skipAddressStep === true)
  );
}

/** From introduction: schedule-type, upload-order, the custom flow's second step, or address. */
function afterIntroduction(ctx: FlowContext): Step {
  const custom = customFlowSteps(ctx.customFlow);
  if (ctx.availableFeatures.length > 1 && custom.length === 0) return 'schedule-type';
  if (ctx.availableFeatures.includes('medical-order')) return 'upload-order';
  if (custom.length > 0) return custom[1] ?? 'address';
  return 'address';
}

/**
 * The step after `current`: the next one of the list, skipping steps this flow does not have
 * (payment, or address when skipped); after the last step, success.
 */
export function nextStep(current: Step, ctx: FlowContext): Step {
  if (current === 'introduction') return afterIntroduction(ctx);
  if (current === 'schedule-type') return ctx.scheduleType === 'medical_order' ? 'upload-order' : 'address';
  // Success ends the booking; the widget closes or reports to the host from there.
  if (current === 'success') return 'success';
  if (current === 'terms-and-conditions') return 'introduction';
  // Moving a booking: the new time chosen, back to 'Tu reserva', which shows it.
  if (current === 'date' && ctx.stepList[0] === 'manage-booking') return 'manage-booking';
  // The company-pays screen sits between the patients and what follows them.
  if (current === 'patient' && ctx.splitPayment) return 'split-payment';
  if (current === 'split-payment') return nextStep('patient', { ...ctx, splitPayment: false });
  let index = ctx.stepList.indexOf(current);
  // The resume screen opens the default list too (services/packs in the query): address follows.
  if (index === -1 && current === 'from-cart-maker-resume') {
    return skipped('address', ctx) ? nextStep('address', ctx) : 'address';
  }
  if (index === -1) return ctx.stepList[0] ?? 'success';
  for (;;) {
    index += 1;
    const candidate = ctx.stepList[index];
    if (candidate === undefined) return 'success';
    if (!skipped(candidate, ctx)) return candidate;
  }
}

/** The step before `current`, with the special cases */
export function previousStep(current: Step, ctx: FlowContext): Step {
  if (current === 'terms-and-conditions' || current === 'schedule-type') return 'introduction';
  if (current === 'select-patient') return 'confirmation';
  // The cart-maker list has no introduction or schedule-type to go back to: its address goes back to resume.
  const cartMakerList = ctx.stepList.includes('from-cart-maker-resume');
  if (
    (current === 'upload-order' || current === 'address') &&
    ctx.origin !== 'laas' &&
    !ctx.appointmentId &&
    !cartMakerList
  ) {
    return ctx.availableFeatures.length >= 2 ? 'schedule-type' : 'introduction';
  }
  if (current === 'date' && cartMakerList && ctx.skipAddressStep) {
    return 'from-cart-maker-resume';
  }
  if (current === 'confirmation' && ctx.confirmationBackToDate) return 'date';
  if (current === 'split-payment') return 'patient';
  if (current === 'confirmation' && ctx.splitPayment) return 'split-payment';
  let index = ctx.stepList.indexOf(current);
  if (index <= 0) return current;
  for (;;) {
    index -= 1;
    const candidate = ctx.stepList[index];
    if (candidate === undefined) return current;
    if (!skipped(candidate, ctx)) return candidate;
  }
}

/** Whether the back button shows: hidden on introduction, success, order-received, resume and the first step. */
export function showsBackButton(step: Step, stepList: readonly Step[]): boolean {
  return !isBackHidden(step, stepList);
}

// ---- Start of a session ----

/** The query parameters read on load. */
export type StartQuery = Partial<
  Record<'services' | 'packs' | 'coupon' | 'appointment' | 'cart-maker', string | null>
>;

export interface StartState {
  serviceIds: string[];
  packIds: string[];
  /** Upper-cased coupon code, or null. */
  coupon: string | null;
  appointmentId: string | null;
  cartMakerId: string | null;
  /** Set when any of services, packs, appointment or cart-maker is present, otherwise cleared. */
  fromCartMaker: boolean;
  stepList: readonly Step[];
  step: Step;
}

function present(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function commaList(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

export interface StartOptions {
  origin: SessionOrigin;
  customFlow?: readonly string[] | null;
  /** The one sales source that, like laas, always starts at the first step of its list. */
  startsAtFirstStep?: boolean;
}

/**
 * Where a session starts from its query: services, packs or cart-maker start at
 * from-cart-maker-resume; cart-maker or appointment switch to the cart-maker list; laas (or the
 * one source) starts at the first step of its list.
 */
export function startFromQuery(query: StartQuery, options: StartOptions): StartState {
  const services = present(query.services);
  const packs = present(query.packs);
  const appointmentId = present(query.appointment);
  const cartMakerId = present(query['cart-maker']);
  const coupon = present(query.coupon);
  const stepList = stepListFor({
    origin: options.origin,
    cartMaker: cartMakerId !== null || appointmentId !== null,
    customFlow: options.customFlow ?? null,
  });
  const firstStep = stepList[0] ?? 'introduction';
  const resume = services !== null || packs !== null || cartMakerId !== null;
  const step =
    options.origin === 'laas' || options.startsAtFirstStep || !resume ? firstStep : 'from-cart-maker-resume';
  return {
    serviceIds: commaList(services),
    packIds: commaList(packs),
    coupon: coupon ? coupon.toUpperCase() : null,
    appointmentId,
    cartMakerId,
    fromCartMaker: resume || appointmentId !== null,
    stepList,
    step,
  };
}
