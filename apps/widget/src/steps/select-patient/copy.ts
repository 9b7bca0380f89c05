export {
  CREATE_PATIENT_LINK,
  SELECT_PATIENT_PLACEHOLDER,
  SELECT_PATIENT_TITLE,
} from '@visita/domain/patient-form';
export {
  CLIENT_ID_NOT_FOUND_MESSAGE,
  CONTINUE_BUTTON,
  NO_DATA_MESSAGE,
  SEARCH_FAILED_MESSAGE,
  SELECTED_PATIENT_NOT_FOUND_MESSAGE,
} from '@visita/domain/messages';
// Ours.
export const PATIENT_LABEL = 'Paciente';
export const CLEAR_PATIENT_LABEL = 'Borrar paciente';
export const SEARCH_DEBOUNCE_MS = 300;
