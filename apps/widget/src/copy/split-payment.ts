export { SPLIT_PAYMENT_TITLE } from '@visita/domain/split-payment';
export { CONTINUE_BUTTON } from '@visita/domain/messages';
// Ours.
export const CLIENT_PAYS_LABEL = 'Paga la empresa:';
export const PATIENT_PAYS_LABEL = 'Paga el paciente:';
export const patientHeading = (index: number, name: string | null | undefined) =>
  name || `Paciente ${index + 1}`;
