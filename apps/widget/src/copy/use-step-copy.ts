import type { Step } from '@visita/domain/steps';
import { usePartnerProfile } from '../flow/use-partner-profile.ts';

export interface StepCopy {
  title: string;
  subtitle: string | null;
  cta: string;
}

/**
 * A step's title, subtitle and call to action: the partner's own where its profile has them
 * (copy.steps[step]), else the product's.
 */
export function useStepCopy(
  step: Step,
  defaults: { title: string; subtitle?: string | null; cta?: string },
): StepCopy {
  const own = usePartnerProfile().copy.steps[step];
  return {
    title: own?.title ?? defaults.title,
    subtitle: own?.subtitle ?? defaults.subtitle ?? null,
    cta: own?.cta ?? defaults.cta ?? 'Continuar',
  };
}
