export {
  CONTACT_TITLE,
  PATIENT_CONTACT_TITLE,
  PREVISION_LABEL,
  SPECIAL_NEEDS_LABEL,
  SPECIAL_NEEDS_PLACEHOLDER,
} from '@visita/domain/contact';
export { PREVISION_LABELS } from '@visita/domain/insurance';
export { CONTINUE_BUTTON } from '@visita/domain/messages';
// Field labels: ours.
export const CONTACT_LABELS = {
  name: 'Nombre completo',
  phone: 'Teléfono',
  email: 'Correo electrónico',
  specialNeeds: 'Necesidades especiales',
} as const;
