import { type CartPatient, patientItemPrice } from './cart.ts';
import { type ItemId, isSubitem, sameId } from './cart-item.ts';

export const SPLIT_PAYMENT_TITLE = '¿Qué análisis clínicos paga la empresa?';

/** One patient's exams on one side of the split. */
export interface ExamsToPay {
  patientIndex: number;
  itemIds: ItemId[];
}

export interface SplitPayment {
  clientAmountToPay: number;
  patientAmountToPay: number;
  clientSelectedExamsToPay: ExamsToPay[];
  patientSelectedExamsToPay: ExamsToPay[];
}

/**
 * Company pays the checked exams, the patient the rest. Sub-items are never
 * checkable and cost $0, so they appear on neither side: the item including them carries the
 * price.
 */
export function splitPayment(
  patients: readonly Pick<CartPatient, 'items' | 'insurance' | 'clientCheckedItemsIds'>[],
): SplitPayment {
  const result: SplitPayment = {
    clientAmountToPay: 0,
    patientAmountToPay: 0,
    clientSelectedExamsToPay: [],
    patientSelectedExamsToPay: [],
  };
  patients.forEach((patient, patientIndex) => {
    const client: ItemId[] = [];
    const own: ItemId[] = [];
    for (const item of patient.items) {
      if (isSubitem(item, patient.items)) continue;
      const price = patientItemPrice(patient, item);
      if (patient.clientCheckedItemsIds.some((id) => sameId(id, item.id))) {
        client.push(item.id);
        result.clientAmountToPay += price;
      } else {
        own.push(item.id);
        result.patientAmountToPay += price;
      }
    }
    if (client.length > 0) result.clientSelectedExamsToPay.push({ patientIndex, itemIds: client });
    if (own.length > 0) result.patientSelectedExamsToPay.push({ patientIndex, itemIds: own });
  });
  return result;
}
