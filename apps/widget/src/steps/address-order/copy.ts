export {
  ADDITIONAL_INFO_EXAMPLE,
  ADDRESS_SEARCH_PLACEHOLDER,
  APARTMENT_NUMBER_EXAMPLE,
  NO_ADDRESS_SELECTED_MESSAGE,
  OUT_OF_COVERAGE_MESSAGE,
} from '@visita/domain/addresses';
export { CONTINUE_BUTTON } from '@visita/domain/messages';
// Ours (the product names the step's purpose, not its words).
export const ADDRESS_ORDER_TITLE = '¿Dónde te visitamos?';
export const ADDRESS_ORDER_LABELS = {
  search: 'Dirección',
  apartment: 'Piso, oficina o departamento (opcional)',
  additionalInfo: 'Información adicional (opcional)',
  searching: 'Buscando direcciones',
  noResults: 'No encontramos direcciones con ese número',
} as const;
