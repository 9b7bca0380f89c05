export { NEXT_PATIENT_LABEL, PREVIOUS_PATIENT_LABEL } from '@visita/domain/patient-form';
export { ADDRESS_OR_APPOINTMENT_MISSING_MESSAGE, CONTINUE_BUTTON } from '@visita/domain/messages';
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
