import type { NurseSkill } from '@visita/domain/contract/console-nurses';

/** The coverage section's words. */
export const COPY = {
  title: 'Cobertura',
  newSector: 'Nuevo sector',
  filters: 'Filtrar sectores',
  source: 'Fuente de venta',
  anySource: 'Todas las fuentes',
  country: 'País',
  anyCountry: 'Todos los países',
  filter: 'Filtrar',
  listTitle: 'Sectores',
  caption: 'Sectores por fuente de venta, país y nombre, con sus superposiciones',
  loading: 'Cargando…',
  none: 'No hay sectores con estos filtros.',
  name: 'Nombre',
  timeZone: 'Zona horaria (IANA)',
  timeZoneHint: 'Los turnos de sus enfermeras se leen en esta hora, por ejemplo America/Santiago.',
  services: 'Servicios ofrecidos',
  nurses: 'Enfermeras activas',
  status: 'Estado',
  active: 'Activo',
  inactive: 'Inactivo',
  activeLabel: 'Activo (el widget lo usa)',
  overlaps: 'Superposiciones',
  overlapsWith: (names: string) => `Se superpone con: ${names}`,
  noOverlaps: 'Sin superposiciones en su fuente.',
  mapTitle: 'Mapa',
  mapLabel: (what: string) => `Mapa de ${what}: las flechas lo desplazan, + y - acercan y alejan`,
  mapHint:
    'Sin mapa de fondo: se dibujan los sectores y las comunas del nomenclátor. El sector abierto va en azul oscuro, los demás de su fuente en gris.',
  drawHint:
    'Con el ratón: el botón «Dibujar polígono» del mapa traza uno nuevo (un clic por vértice, clic en el primero para cerrarlo) y los vértices del polígono se arrastran. Con el teclado: escribe o pega el polígono en el campo «Polígono (GeoJSON)»; cada cambio en el mapa se escribe en ese campo.',
  bookedTitle: 'Visitas agendadas en el sector',
  bookedIntro:
    'Abre cada cita para cancelarla, o guarda manteniéndolas: se harán como se agendaron, y el widget ya no ofrecerá lo que quitaste.',
  bookedCaption: 'Visitas por venir que el cambio deja sin su servicio, la más próxima primero',
  bookedPatient: 'Paciente',
  bookedWhen: 'Fecha y hora',
  bookedStatus: 'Estado',
  bookedAppointment: 'Cita',
  bookedStatuses: { confirmed: 'Confirmada', hold: 'Reservada (sin confirmar)' },
  keepAndSave: (count: number) =>
    count === 1 ? 'Mantener la visita y guardar' : `Mantener las ${count} visitas y guardar`,
  bookedBack: 'Volver al formulario',
  back: 'Volver a cobertura',
  createTitle: 'Nuevo sector',
  create: 'Crear sector',
  save: 'Guardar cambios',
  saved: 'Cambios guardados.',
  created: 'Sector creado.',
  polygon: 'Polígono (GeoJSON)',
  polygonHint:
    'Pega un Polygon, un MultiPolygon (se usa el primero) o un Feature o FeatureCollection con uno; coordenadas [longitud, latitud].',
  polygonFile: 'O carga un archivo GeoJSON (.geojson o .json)',
  polygonPoints: (points: number) => `Polígono de ${points} puntos: se ve en el mapa.`,
  badJson: 'El GeoJSON no es un JSON válido: revisa las comas y las llaves.',
  testTitle: 'Probar una dirección',
  testIntro:
    'Escribe una dirección (calle, número y comuna) o una latitud y longitud: verás qué sector y qué enfermeras la atienden, como lo haría el widget.',
  address: 'Dirección',
  lat: 'Latitud',
  lng: 'Longitud',
  test: 'Probar',
  notFound: 'No encontramos esa dirección.',
  noCoverage: 'Sin cobertura: ningún sector de esta fuente atiende esta dirección.',
  coveredBy: (sector: string, source: string) => `La atiende el sector ${sector} (${source}).`,
  placedAt: (address: string) => `Ubicada en ${address}.`,
  activeNurses: 'Enfermeras activas del sector',
  noNurses: 'El sector no tiene enfermeras activas.',
} as const;

export const COUNTRY_LABELS = { cl: 'Chile', mx: 'México' } as const;

/** The services as a sector offers them. */
export const SERVICE_LABELS: Record<NurseSkill, string> = {
  lab: 'Toma de muestras',
  vaccine: 'Vacunación',
  medical_service: 'Servicios médicos',
};
