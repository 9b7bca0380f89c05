import type { Step } from '@visita/domain/steps';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { IntroductionStep } from '../steps/introduction/introduction-step.tsx';
import { StepFrame } from './step-frame.tsx';

/** Which component draws each step; steps know nothing of one another. */
const STEP_COMPONENTS: Record<Step, ComponentType> = {
  // The first screen comes with this chunk; every later step loads on demand.
  introduction: IntroductionStep,
  'schedule-type': lazy(() =>
    import('../steps/schedule-type/schedule-type-step.tsx').then((m) => ({ default: m.ScheduleTypeStep })),
  ),
  address: lazy(() => import('../steps/address/address-step.tsx').then((m) => ({ default: m.AddressStep }))),
  services: lazy(() =>
    import('../steps/services/services-step.tsx').then((m) => ({ default: m.ServicesStep })),
  ),
  date: lazy(() => import('../steps/date/date-step.tsx').then((m) => ({ default: m.DateStep }))),
  patient: lazy(() => import('../steps/patient/patient-step.tsx').then((m) => ({ default: m.PatientStep }))),
  confirmation: lazy(() =>
    import('../steps/confirmation/confirmation-step.tsx').then((m) => ({ default: m.ConfirmationStep })),
  ),
  payment: lazy(() => import('../steps/payment/payment-step.tsx').then((m) => ({ default: m.PaymentStep }))),
  success: lazy(() => import('../steps/success/success-step.tsx').then((m) => ({ default: m.SuccessStep }))),
  'upload-order': lazy(() =>
    import('../steps/upload-order/upload-order-step.tsx').then((m) => ({ default: m.UploadOrderStep })),
  ),
  'contact-order': lazy(() =>
    import('../steps/contact-order/contact-order-step.tsx').then((m) => ({ default: m.ContactOrderStep })),
  ),
  'address-order': lazy(() =>
    import('../steps/address-order/address-order-step.tsx').then((m) => ({ default: m.AddressOrderStep })),
  ),
  'uploading-order': lazy(() =>
    import('../steps/uploading-order/uploading-order-step.tsx').then((m) => ({
      default: m.UploadingOrderStep,
    })),
  ),
  'order-received': lazy(() =>
    import('../steps/order-received/order-received-step.tsx').then((m) => ({ default: m.OrderReceivedStep })),
  ),
  'select-patient': lazy(() =>
    import('../steps/select-patient/select-patient-step.tsx').then((m) => ({ default: m.SelectPatientStep })),
  ),
  'from-cart-maker-resume': lazy(() =>
    import('../steps/from-cart-maker-resume/from-cart-maker-resume-step.tsx').then((m) => ({
      default: m.FromCartMakerResumeStep,
    })),
  ),
  'terms-and-conditions': lazy(() =>
    import('../steps/terms-and-conditions/terms-and-conditions-step.tsx').then((m) => ({
      default: m.TermsAndConditionsStep,
    })),
  ),
  receipt: lazy(() => import('../steps/receipt/receipt-step.tsx').then((m) => ({ default: m.ReceiptStep }))),
  origin: lazy(() => import('../steps/origin/origin-step.tsx').then((m) => ({ default: m.OriginStep }))),
  'contact-info': lazy(() =>
    import('../steps/contact-info/contact-info-step.tsx').then((m) => ({ default: m.ContactInfoStep })),
  ),
  'lm-paid-amount': lazy(() =>
    import('../steps/lm-paid-amount/lm-paid-amount-step.tsx').then((m) => ({ default: m.LmPaidAmountStep })),
  ),
  'manage-booking': lazy(() =>
    import('../steps/manage-booking/manage-booking-step.tsx').then((m) => ({ default: m.ManageBookingStep })),
  ),
  'split-payment': lazy(() =>
    import('../steps/split-payment/split-payment-step.tsx').then((m) => ({ default: m.SplitPaymentStep })),
  ),
};

/**
 * The step of the flow inside its frame. This module, the map of every step's chunk and the first
 * screen load beside the entry, not in it: the wizard asks for them at once, in parallel with the
 * client config the first screen waits for anyway, and the entry stays small.
 */
export function StepView({ step, run, fallback }: { step: Step; run: number; fallback: ReactNode }) {
  const StepComponent = STEP_COMPONENTS[step];
  return (
    <StepFrame>
      <Suspense fallback={fallback}>
        <StepComponent key={`${run}:${step}`} />
      </Suspense>
    </StepFrame>
  );
}
