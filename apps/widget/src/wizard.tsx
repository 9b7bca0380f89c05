import type { PublicPartnerProfile } from '@visita/domain/partner-profile';
import { modeConfigFor } from '@visita/domain/client';
import type { ClientConfig } from '@visita/domain/contract/client-config';
import type { Step } from '@visita/domain/steps';
import { type ComponentType, lazy, type RefObject, Suspense, useEffect, useRef } from 'react';
import { partnerProfileOf } from './flow/use-partner-profile.ts';
import { useCopy } from './copy/use-copy.ts';
import { useNavigation } from './flow/use-navigation.ts';
import { isFramed } from './host/frame.ts';
import { useGuardedClose } from './host/close-guard.ts';
import { IntroductionStep } from './steps/introduction/introduction-step.tsx';
import { useFlow, useSession } from './stores/widget-stores.tsx';
import { HelpFooter } from './ui/help-footer.tsx';
import { Loader } from './ui/loader.tsx';
import { Shell, type ShellProps } from './ui/shell.tsx';
import { themeStyle } from './ui/theme.ts';
import { FOCUS_HOLDER_ATTRIBUTE } from './ui/use-entry-focus.ts';

// The query cache, the start from the query and the operative wrapper load with the first step,
// outside the entry; the download starts at once, in parallel with the client config.
const stepFrameModule = import('./flow/step-frame.tsx');
const StepFrame = lazy(() => stepFrameModule.then((m) => ({ default: m.StepFrame })));
// Toasts follow a person's actions, never the first paint: their region loads beside the steps.
const Toaster = lazy(() => import('./components/toaster.tsx').then((m) => ({ default: m.Toaster })));

/** Which component draws each step; steps know nothing of one another. */
const STEP_COMPONENTS: Record<Step, ComponentType> = {
  // The first screen ships in the entry; every later step loads on demand.
  introduction: IntroductionStep,
  'schedule-type': lazy(() =>
    import('./steps/schedule-type/schedule-type-step.tsx').then((m) => ({ default: m.ScheduleTypeStep })),
  ),
  address: lazy(() => import('./steps/address/address-step.tsx').then((m) => ({ default: m.AddressStep }))),
  services: lazy(() =>
    import('./steps/services/services-step.tsx').then((m) => ({ default: m.ServicesStep })),
  ),
  date: lazy(() => import('./steps/date/date-step.tsx').then((m) => ({ default: m.DateStep }))),
  patient: lazy(() => import('./steps/patient/patient-step.tsx').then((m) => ({ default: m.PatientStep }))),
  confirmation: lazy(() =>
    import('./steps/confirmation/confirmation-step.tsx').then((m) => ({ default: m.ConfirmationStep })),
  ),
  payment: lazy(() => import('./steps/payment/payment-step.tsx').then((m) => ({ default: m.PaymentStep }))),
  success: lazy(() => import('./steps/success/success-step.tsx').then((m) => ({ default: m.SuccessStep }))),
  'upload-order': lazy(() =>
    import('./steps/upload-order/upload-order-step.tsx').then((m) => ({ default: m.UploadOrderStep })),
  ),
  'contact-order': lazy(() =>
    import('./steps/contact-order/contact-order-step.tsx').then((m) => ({ default: m.ContactOrderStep })),
  ),
  'address-order': lazy(() =>
    import('./steps/address-order/address-order-step.tsx').then((m) => ({ default: m.AddressOrderStep })),
  ),
  'uploading-order': lazy(() =>
    import('./steps/uploading-order/uploading-order-step.tsx').then((m) => ({
      default: m.UploadingOrderStep,
    })),
  ),
  'order-received': lazy(() =>
    import('./steps/order-received/order-received-step.tsx').then((m) => ({ default: m.OrderReceivedStep })),
  ),
  'select-patient': lazy(() =>
    import('./steps/select-patient/select-patient-step.tsx').then((m) => ({ default: m.SelectPatientStep })),
  ),
  'from-cart-maker-resume': lazy(() =>
    import('./steps/from-cart-maker-resume/from-cart-maker-resume-step.tsx').then((m) => ({
      default: m.FromCartMakerResumeStep,
    })),
  ),
  'terms-and-conditions': lazy(() =>
    import('./steps/terms-and-conditions/terms-and-conditions-step.tsx').then((m) => ({
      default: m.TermsAndConditionsStep,
    })),
  ),
  receipt: lazy(() => import('./steps/receipt/receipt-step.tsx').then((m) => ({ default: m.ReceiptStep }))),
  origin: lazy(() => import('./steps/origin/origin-step.tsx').then((m) => ({ default: m.OriginStep }))),
  'contact-info': lazy(() =>
    import('./steps/contact-info/contact-info-step.tsx').then((m) => ({ default: m.ContactInfoStep })),
  ),
  'lm-paid-amount': lazy(() =>
    import('./steps/lm-paid-amount/lm-paid-amount-step.tsx').then((m) => ({ default: m.LmPaidAmountStep })),
  ),
  'manage-booking': lazy(() =>
    import('./steps/manage-booking/manage-booking-step.tsx').then((m) => ({ default: m.ManageBookingStep })),
  ),
  'split-payment': lazy(() =>
    import('./steps/split-payment/split-payment-step.tsx').then((m) => ({ default: m.SplitPaymentStep })),
  ),
};

/** 'Operado por' or 'En alianza con' under the shell, or nothing: the partner's profile says. */
function footerFor(footer: PublicPartnerProfile['footer']): ShellProps['footer'] {
  return footer === 'none' ? null : footer;
}

/**
 * A button disabled while it has the focus (a 'Continuar' that waits for its call, then for the
 * next step) drops the focus to the page, and a screen reader starts over from the top: the
 * step's title takes it instead, or the busy region while the step loads.
 */
function useFocusKeptInStep(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const onFocusOut = (event: FocusEvent) => {
      const left = event.target;
      // Focus moving to another element, or leaving with its element, is not this case.
      if (event.relatedTarget !== null || !(left instanceof HTMLElement) || !left.isConnected) return;
      if (!left.matches(':disabled')) return;
      root.querySelector<HTMLElement>(`main h1[tabindex="-1"], main [${FOCUS_HOLDER_ATTRIBUTE}]`)?.focus();
    };
    root.addEventListener('focusout', onFocusOut);
    return () => root.removeEventListener('focusout', onFocusOut);
  }, [ref]);
}

export function Wizard({ config }: { config: ClientConfig }) {
  const origin = useSession((state) => state.origin);
  const copy = useCopy();
  const { step, back } = useNavigation();
  const run = useFlow((state) => state.run);
  const mode = modeConfigFor(config, origin);
  const profile = partnerProfileOf(config);
  const framed = isFramed();
  const guardedClose = useGuardedClose();
  const shellMode = framed || mode.fullPageAvailable === false ? 'modal' : 'full-page';

  useEffect(() => {
    document.title = `${copy.app.titlePrefix}${copy.app.brand} & ${config.name}`;
  }, [copy, config.name]);

  const themeRef = useRef<HTMLDivElement>(null);
  useFocusKeptInStep(themeRef);

  const StepComponent = STEP_COMPONENTS[step];
  return (
    <div
      ref={themeRef}
      className="visita-theme"
      style={themeStyle(mode.main_color, mode.background_logo_color)}
      data-step={step}
    >
      <Shell
        mode={shellMode}
        copy={copy}
        clientName={config.name}
        logoUrl={config.logo_url}
        showBanner={mode.showBanner !== false}
        footer={footerFor(profile.footer)}
        onBack={back}
        onClose={shellMode === 'modal' && framed ? guardedClose : null}
        help={mode.show_whatsapp_sac_button ? <HelpFooter help={copy.help} /> : null}
      >
        <Suspense fallback={<Loader label={copy.app.loading} showImage={profile.rules.loader_image} />}>
          <StepFrame>
            <Suspense fallback={<Loader label={copy.app.loading} showImage={profile.rules.loader_image} />}>
              <StepComponent key={`${run}:${step}`} />
            </Suspense>
          </StepFrame>
        </Suspense>
      </Shell>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </div>
  );
}
