import { joinNames } from '@visita/domain/results';
export { EXIT_BUTTON_DEFAULT } from '@visita/domain/messages';
// The product names a 'channel title' and subtitle without wording them: ours.
export const SUCCESS_TITLE = '¡Tu cita está agendada!';
// The screen itself carries the details and the reference to keep, e-mail or not.
export const SUCCESS_SUBTITLE =
  'Guarda tu código de reserva: lo necesitarás si quieres consultar o cambiar tu cita.';
/**
 * Said only when the confirmation committed e-mails to these addresses (the partner sends booking
 * e-mails and someone gave an address): the outbox delivers them within seconds.
 */
export const emailSentText = (addresses: readonly string[]) =>
  `Te enviamos la confirmación a ${joinNames(addresses)}, con el enlace para cambiar o cancelar tu reserva.`;
