import type { ExamsToPay } from '@visita/domain/split-payment';

/**
 * The split's exam lists kept in the price store as 'patientIndex:itemId' strings: the
 * confirmation clears the cart before the payment step sends them with the manual confirmation.
 */
export function encodeExams(list: readonly ExamsToPay[]): string[] {
  return list.flatMap((entry) => entry.itemIds.map((id) => `${entry.patientIndex}:${id}`));
}

export function decodeExams(values: readonly string[]): { patient_index: number; item_ids: number[] }[] {
  const byPatient = new Map<number, number[]>();
  for (const value of values) {
    const [index, id] = value.split(':').map(Number);
    if (!Number.isInteger(index) || !Number.isFinite(id)) continue;
    byPatient.set(index as number, [...(byPatient.get(index as number) ?? []), id as number]);
  }
  return [...byPatient].map(([patient_index, item_ids]) => ({ patient_index, item_ids }));
}
