export const CONFIRMATION_COPY = {
  title: 'Confirma tu cita',
  address: 'Dirección',
  edit: 'Editar',
  services: 'Servicios',
  details: 'Detalle',
  insuranceLegend: 'Previsión',
  apartment: 'Depto.',
} as const;
