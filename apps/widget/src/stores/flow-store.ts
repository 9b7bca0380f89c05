import { DEFAULT_STEP_LIST, type Step } from '@visita/domain/steps';
import { createStore } from 'zustand/vanilla';

/** The wizard's position: the current step is an explicit value, never inferred from the UI. */
interface FlowState {
  step: Step;
  stepList: readonly Step[];
  /** Counts fresh starts in the same frame: every step is drawn anew, even the one showing. */
  run: number;
}

interface FlowActions {
  setStep(step: Step): void;
  setStepList(stepList: readonly Step[], step?: Step): void;
  /** Back to the first step of the list, every step's own state forgotten. */
  restart(): void;
}

export type FlowStore = FlowState & FlowActions;

export function createFlowStore() {
  return createStore<FlowStore>()((set) => ({
    step: DEFAULT_STEP_LIST[0] ?? 'introduction',
    stepList: DEFAULT_STEP_LIST,
    setStep: (step) => set({ step }),
    run: 0,
    setStepList: (stepList, step) => set({ stepList, step: step ?? stepList[0] ?? 'introduction' }),
    restart: () => set((state) => ({ step: state.stepList[0] ?? 'introduction', run: state.run + 1 })),
  }));
}
