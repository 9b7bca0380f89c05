import {
  ONE_BOOKING_PER_PATIENT_MESSAGE,
  PATIENT_ALREADY_HAS_ACCOUNT_MESSAGE,
  PATIENT_EXISTS_FOR_CLIENT_MESSAGE,
  SELECTED_PATIENT_NOT_FOUND_MESSAGE,
} from './messages.ts';
import { PATIENT_WITHOUT_IDENTIFIER_MESSAGE } from './validators/patient-identifier.ts';

/**
 * The non-binary wording (a partner's show_non_binary_texts) of the product's messages that name a
 * person by a gendered noun. The introduction's points and the patient step's title have their own
 * variants in the copy; these are the messages any screen may show, toasts included.
 */
export const NON_BINARY_WORDING: Readonly<Record<string, string>> = {
  [PATIENT_ALREADY_HAS_ACCOUNT_MESSAGE]: 'La persona ya tiene una cuenta',
  [PATIENT_EXISTS_FOR_CLIENT_MESSAGE]: 'La persona ya existe en el cliente',
  [SELECTED_PATIENT_NOT_FOUND_MESSAGE]: 'No se encontró a la persona seleccionada',
  [ONE_BOOKING_PER_PATIENT_MESSAGE]: 'Lo sentimos, solo está permitido agendar una vez por persona',
  [PATIENT_WITHOUT_IDENTIFIER_MESSAGE]: 'La persona no tiene identificador',
  // addresses.ts's NO_NURSES_MESSAGE, written out: that module (and its region data) stays off the
  // widget's first screen, where the toaster needs this table (wording.test.ts keeps them equal).
  'No hay enfermeras disponibles para la dirección dada':
    'No hay personal de enfermería disponible para la dirección dada',
};

/** A message in the session's wording: the non-binary one where it has one. */
export function inWording(text: string, nonBinary: boolean): string {
  return nonBinary ? (NON_BINARY_WORDING[text] ?? text) : text;
}
