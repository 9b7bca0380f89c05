import { type CartItem, includingItems } from './cart-item.ts';
import { RESULTS_EXTRA_HOURS_SATURDAY, RESULTS_EXTRA_HOURS_SUNDAY } from './constants.ts';

/** Day of week (0 Sunday .. 6 Saturday) of a 'YYYY-MM-DD' date, independent of any time zone. */
export function weekdayOf(isoDate: string): number {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1)).getUTCDay();
}

/**
 * Hours until results for a visit on `visitDate` ('YYYY-MM-DD'): results_hours, plus 24 on a
 * Sunday or 48 on a Saturday when the item counts only business days. Null when the
 * item gives no results time.
 */
export function resultsHours(
  item: Pick<CartItem, 'results_hours' | 'results_on_business_days'>,
  visitDate: string,
): number | null {
  if (typeof item.results_hours !== 'number') return null;
  if (!item.results_on_business_days) return item.results_hours;
  const weekday = weekdayOf(visitDate);
  if (weekday === 0) return item.results_hours + RESULTS_EXTRA_HOURS_SUNDAY;
  if (weekday === 6) return item.results_hours + RESULTS_EXTRA_HOURS_SATURDAY;
  return item.results_hours;
}

/** 'requiere ayuno de N horas.' when the item needs fasting, else null (fasting is shown in hours). */
export function fastingText(fastHours: number | null | undefined): string | null {
  return typeof fastHours === 'number' && fastHours > 0 ? `requiere ayuno de ${fastHours} horas.` : null;
}

/** 'A', 'A y B', 'A, B y C': always 'y', as documented (Intl.ListFormat would say 'e' before 'i'). */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`;
}

/** 'Este examen tiene valor $0 porque ya está incluido en {names}'. */
export function subitemMessage(includedIn: readonly string[]): string {
  return `Este examen tiene valor $0 porque ya está incluido en ${joinNames(includedIn)}`;
}

/** The sub-item info message of an item within its patient's items, or null when it is not a sub-item. */
export function subitemMessageFor(item: CartItem, patientItems: readonly CartItem[]): string | null {
  const including = includingItems(item, patientItems);
  return including.length > 0 ? subitemMessage(including.map((other) => other.name)) : null;
}
