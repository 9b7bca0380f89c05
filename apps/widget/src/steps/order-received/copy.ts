import type { CountryCode } from '@visita/domain/locale';
export { CLOSE_BUTTON } from '@visita/domain/messages';
// The product gives the content, not the words: ours, by country.
export const ORDER_RECEIVED_TITLE: Readonly<Record<CountryCode, string>> = {
  cl: '¡Recibimos tu orden médica!',
  mx: '¡Recibimos tu orden médica!',
};
export const ORDER_RECEIVED_TEXT =
  'Te contactaremos en las próximas horas con la cotización de tus exámenes.';
export const ORDER_RECEIVED_HOURS = 'Horario de atención: lunes a sábado de 8:30 a 17:30.';
