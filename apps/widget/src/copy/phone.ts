/** The phone field's own texts: its placeholder and the mask of its digits. */
export const PHONE_PLACEHOLDER = '1 (702) 123-4567';
/** Each dot is a digit after the country's code. */
export const PHONE_MASK = '... ... ... ... ..';
export const COUNTRY_CODE_LABEL = 'Código de país';
export const COUNTRY_SEARCH_LABEL = 'Buscar país';
export const COUNTRY_SEARCH_PLACEHOLDER = 'Buscar país';
export const NO_COUNTRY_FOUND = 'No hay países con ese nombre';
