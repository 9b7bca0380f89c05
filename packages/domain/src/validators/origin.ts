import type { Receiver } from '../contract/client-config.ts';

/** The free-text choice of the appointment-origin dropdown. */
export const OTHER_ORIGIN = 'Otro';
export const ORIGIN_TITLE = 'Selecciona el origen de la cita';
export const OTHER_ORIGIN_PLACEHOLDER = 'Ingrese un valor';

export interface OriginOption {
  id: Receiver['id'];
  name: string;
}

/** Receivers sorted alphabetically (Spanish collation), plus 'Otro' unless the source excludes it. */
export function originOptions(
  receivers: readonly Receiver[],
  options: { includeOther: boolean },
): OriginOption[] {
  const sorted = [...receivers].sort((a, b) => a.name.localeCompare(b.name, 'es', { sensitivity: 'base' }));
  return options.includeOther ? [...sorted, { id: OTHER_ORIGIN, name: OTHER_ORIGIN }] : sorted;
}

export interface OriginChoice {
  /** The chosen option's name, or 'Otro'. */
  choice: string | null | undefined;
  /** The typed value when the choice is 'Otro'. */
  otherValue?: string | null;
}

/** The origin the appointment records: the choice, or the typed value for 'Otro'; null when incomplete. */
export function resolveOrigin({ choice, otherValue }: OriginChoice): string | null {
  if (!choice) return null;
  if (choice !== OTHER_ORIGIN) return choice;
  const typed = otherValue?.trim();
  return typed ? typed : null;
}

/** 'Continuar' is enabled once a choice is made, or a value is typed for 'Otro'. */
export function canContinueOrigin(choice: OriginChoice): boolean {
  return resolveOrigin(choice) !== null;
}
