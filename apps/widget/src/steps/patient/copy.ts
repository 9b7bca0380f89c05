export {
  CREATE_PATIENT_LINK,
  NEXT_PATIENT_LABEL,
  NON_BINARY_GENDER_LABEL,
  PATIENT_TITLE,
  PREVIOUS_PATIENT_LABEL,
  SELECT_PATIENT_PLACEHOLDER,
  SELECT_PATIENT_TITLE,
} from '@visita/domain/patient-form';
export {
  ADDRESS_OR_APPOINTMENT_MISSING_MESSAGE,
  APPOINTMENT_CREATION_FAILED_MESSAGE,
  CANNOT_VALIDATE_DATA_MESSAGE,
  CLIENT_ID_NOT_FOUND_MESSAGE,
  CONTINUE_BUTTON,
  EMAIL_ALREADY_USED_MESSAGE,
  ONE_BOOKING_PER_PATIENT_MESSAGE,
  PATIENT_ALREADY_HAS_ACCOUNT_MESSAGE,
  PATIENT_EXISTS_FOR_CLIENT_MESSAGE,
  SCHEDULE_PROBLEM_MESSAGE,
  SELECTED_PATIENT_NOT_FOUND_MESSAGE,
  UNKNOWN_ERROR_TOAST_MESSAGE,
} from '@visita/domain/messages';
export { PATIENT_WITHOUT_IDENTIFIER_MESSAGE } from '@visita/domain/validators/patient-identifier';
export { VACCINE_AGE_MESSAGE } from '@visita/domain/validators/birth-date';

// Field labels: the product names the fields, not their labels; these are ours.
export const PATIENT_LABELS = {
  first_name: 'Primer nombre',
  second_name: 'Segundo nombre (opcional)',
  last_name: 'Apellido paterno',
  second_last_name: 'Apellido materno',
  birthDate: 'Fecha de nacimiento',
  day: 'Día',
  month: 'Mes',
  year: 'Año',
  gender: 'Género',
  document_type: 'Tipo de documento',
  document_number: 'Número de documento',
  document_number_optional: 'Número de documento (opcional)',
  email: 'Correo electrónico',
  phone: 'Teléfono',
} as const;
export const GENDER_LABELS = { male: 'Masculino', female: 'Femenino', other: 'No binario' } as const;
export const DOCUMENT_TYPE_LABELS = {
  ci: 'Rut',
  passport: 'Pasaporte',
  generic_id: 'Otro documento',
} as const;
export const MONTH_LABELS = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
] as const;
export const SUBMITTING_LABEL = 'Enviando';
export const patientNumberLabel = (index: number) => `Paciente ${index + 1}`;
