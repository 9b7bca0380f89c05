import { DEFAULT_STEP_LIST, type Step } from '@visita/domain/steps';
import { createStore } from 'zustand/vanilla';

/** The wizard's position: the current step is an explicit value, never inferred from the UI. */
export interface FlowState {
  step: Step;
  stepList: readonly Step[];
  /** Steps visited, so back can return where the person came from. */
  history: Step[];
}

export interface FlowActions {
  goTo(step: Step): void;
  back(): void;
  setStepList(stepList: readonly Step[], step?: Step): void;
}

export type FlowStore = FlowState & FlowActions;

export function createFlowStore() {
  return createStore<FlowStore>()((set) => ({
    step: DEFAULT_STEP_LIST[0] ?? 'introduction',
    stepList: DEFAULT_STEP_LIST,
    history: [],
    goTo: (step) => set((state) => ({ step, history: [...state.history, state.step] })),
    back: () =>
      set((state) => {
        const previous = state.history.at(-1);
        return previous ? { step: previous, history: state.history.slice(0, -1) } : state;
      }),
    setStepList: (stepList, step) =>
      set({ stepList, step: step ?? stepList[0] ?? 'introduction', history: [] }),
  }));
}
