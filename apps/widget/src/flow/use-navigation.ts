import { hasSplitPayment, modeConfigFor } from '@visita/domain/client';
import { DEFAULT_FEATURES } from '@visita/domain/features';
import { type FlowContext, isBackHidden, nextStep, previousStep } from '@visita/domain/navigation';
import type { Step } from '@visita/domain/steps';
import { useCallback, useMemo } from 'react';
import { useFlow, useSession } from '../stores/widget-stores.tsx';
import { partnerProfileOf } from './use-partner-profile.ts';

/**
 * The only way the step changes: forward and back by the rules of packages/domain, plus the jumps
 * a screen offers by name (read the terms, edit the address, choose the patient) and the return to
 * the first step. Steps call these, never the flow store.
 */
export function useNavigation() {
  const step = useFlow((state) => state.step);
  const stepList = useFlow((state) => state.stepList);
  const setStep = useFlow((state) => state.setStep);
  const clientData = useSession((state) => state.clientData);
  const origin = useSession((state) => state.origin);
  const scheduleType = useSession((state) => state.scheduleType);
  const appointmentId = useSession((state) => state.appointmentId);
  const skipAddressStep = useSession((state) => state.skipAddressStep);

  const context = useMemo<FlowContext>(() => {
    const mode = clientData ? modeConfigFor(clientData, origin) : {};
    const { rules } = partnerProfileOf(clientData);
    return {
      stepList,
      origin,
      availableFeatures: mode.availableFeatures ?? DEFAULT_FEATURES,
      customFlow: mode.customFlow ?? null,
      scheduleType,
      appointmentId,
      skipAddressStep,
      paymentEnabled: !rules.skips_payment_and_closes,
      confirmationBackToDate: rules.confirmation_back_to_date,
      splitPayment: clientData ? hasSplitPayment(clientData) : false,
    };
  }, [clientData, origin, stepList, scheduleType, appointmentId, skipAddressStep]);

  const next = useCallback(() => setStep(nextStep(step, context)), [setStep, step, context]);
  const back = useCallback(() => setStep(previousStep(step, context)), [setStep, step, context]);
  /** A jump the screen names to the person ('Editar', 'Ver términos y condiciones'). */
  const goTo = useCallback((target: Step) => setStep(target), [setStep]);
  const goToFirst = useCallback(() => setStep(stepList[0] ?? 'introduction'), [setStep, stepList]);
  return { step, next, back: isBackHidden(step, stepList) ? null : back, goTo, goToFirst };
}
