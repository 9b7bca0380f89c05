import { isBackHidden } from '@visita/domain/steps';
import { useCallback } from 'react';
import { useFlow } from '../stores/widget-stores.tsx';

/** Forward and back through the configured step list; steps call these, never each other. */
export function useNavigation() {
  const step = useFlow((state) => state.step);
  const stepList = useFlow((state) => state.stepList);
  const goTo = useFlow((state) => state.goTo);
  const back = useFlow((state) => state.back);
  const history = useFlow((state) => state.history);

  const next = useCallback(() => {
    const index = stepList.indexOf(step);
    goTo(stepList[index + 1] ?? 'success');
  }, [step, stepList, goTo]);

  const canGoBack = !isBackHidden(step, stepList) && history.length > 0;
  return { step, next, back: canGoBack ? back : null };
}
