import { createStore } from 'zustand/vanilla';

/** The price store (and the split-payment amounts). */
export interface PriceState {
  payAtHome: boolean;
  basePrice: number;
  serviceFee: number;
  discount: number;
  cartPrice: number;
  fonasaDiscount: number;
  paymentAtHome: number;
  isLoadingPrice: boolean;
  errorPrice: string | null;
  appointmentId: string | null;
  coupon: string | null;
  clientAmountToPay: number;
  patientAmountToPay: number;
  clientSelectedExamsToPay: string[];
  patientSelectedExamsToPay: string[];
  /**
   * What the amounts above answer (the cart, coupon and address they were quoted for), or null:
   * a step that needs the same quote shows them at once instead of waiting again.
   */
  quotedFor: string | null;
}

interface PriceActions {
  /** Sets any of the fields: the steps own the rules, the store only keeps values. */
  update(patch: Partial<PriceState>): void;
  reset(): void;
}

export type PriceStore = PriceState & PriceActions;

const initialPrice = (): PriceState => ({
  payAtHome: false,
  basePrice: 0,
  serviceFee: 0,
  discount: 0,
  cartPrice: 0,
  fonasaDiscount: 0,
  paymentAtHome: 0,
  isLoadingPrice: false,
  errorPrice: null,
  appointmentId: null,
  coupon: null,
  clientAmountToPay: 0,
  patientAmountToPay: 0,
  clientSelectedExamsToPay: [],
  patientSelectedExamsToPay: [],
  quotedFor: null,
});

export function createPriceStore() {
  return createStore<PriceStore>()((set) => ({
    ...initialPrice(),
    update: (patch) => set(patch),
    reset: () => set(initialPrice()),
  }));
}
