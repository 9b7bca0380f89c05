export const OPERATIVE_COPY = {
  soldOutTitle: 'Se acabó el stock.',
  soldOutText:
    'Gracias por tu interés. El stock disponible se ha agotado; visita el sitio web de la empresa para conocer nuevas fechas.',
} as const;
