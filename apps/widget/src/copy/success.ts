export { EXIT_BUTTON_DEFAULT } from '@visita/domain/messages';
// The spec names a 'channel title' and subtitle without wording them: ours.
export const SUCCESS_TITLE = '¡Tu cita está agendada!';
// No e-mail is sent yet: the screen itself carries the details and the reference to keep.
export const SUCCESS_SUBTITLE =
  'Guarda tu código de reserva: lo necesitarás si quieres consultar o cambiar tu cita.';
