export { SPLIT_PAYMENT_TITLE } from '@visita/domain/split-payment';
export { CONTINUE_BUTTON } from '@visita/domain/messages';
// Ours.
export const CLIENT_PAYS_LABEL = 'Paga la empresa:';
// The patient's share of the exams only: the home-service fee is added on the confirmation, which
// tells the whole amount the card is charged.
export const PATIENT_PAYS_LABEL = 'Exámenes que paga la persona atendida:';
export const PATIENT_PAYS_NOTE = 'El servicio a domicilio se suma en la confirmación.';
export const patientHeading = (index: number, name: string | null | undefined) =>
  name || `Paciente ${index + 1}`;
// The confirmation's split: the company's exams, and what the card is charged (the rest and the visit).
export const SPLIT_CLIENT_PAYS = 'Paga la empresa:';
export const SPLIT_PATIENT_PAYS = 'Pagas con tarjeta (exámenes restantes y servicio a domicilio):';
