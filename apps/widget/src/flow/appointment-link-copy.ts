/** A link to an appointment without its token, with a wrong one, or to one that does not exist. */
export const INVALID_APPOINTMENT_LINK_TITLE = 'El enlace de la cita no es válido.';
export const INVALID_APPOINTMENT_LINK_DETAIL =
  'Revisa que hayas abierto el enlace completo que recibiste, o pide uno nuevo a quien te lo envió.';
