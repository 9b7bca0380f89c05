export const ADDRESS_COPY = {
  title: '¿Dónde te visitamos?',
  searchLabel: 'Dirección',
  typeLabel: 'Tipo de lugar',
  apartmentLabel: 'Piso, oficina o departamento',
  additionalInfoLabel: 'Información adicional',
  lastMileFolioLabel: 'Número de folio',
  noSuggestions: 'No encontramos direcciones con ese número',
  searching: 'Buscando direcciones',
  selected: 'Dirección seleccionada',
  dialogClose: 'Entendido',
} as const;
