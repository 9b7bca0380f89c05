export { EXIT_BUTTON_DEFAULT } from '@visita/domain/messages';
// The spec names a 'channel title' and subtitle without wording them: ours.
export const SUCCESS_TITLE = '¡Tu cita está agendada!';
export const SUCCESS_SUBTITLE =
  'Te enviaremos la confirmación y los detalles de la visita por correo electrónico.';
