export { ORIGIN_TITLE, OTHER_ORIGIN, OTHER_ORIGIN_PLACEHOLDER } from '@visita/domain/validators/origin';
export { CONTINUE_BUTTON, NO_DATA_MESSAGE } from '@visita/domain/messages';
// Ours.
export const ORIGIN_LABEL = 'Origen de la cita';
export const OTHER_ORIGIN_LABEL = 'Otro origen';
export const CLEAR_LABEL = 'Borrar selección';
export const SEARCH_PLACEHOLDER = 'Buscar';
