import type { LeadStatus } from '@visita/domain/contract/console-leads';

/** The medical orders section's words (Spanish, as the whole console). */
export const STATUS_LABELS: Readonly<Record<LeadStatus, string>> = {
  new: 'Nueva',
  contacted: 'Contactada',
  quoted: 'Cotizada',
  booked: 'Agendada',
  closed: 'Cerrada',
};

/** '2 h 5 min', '3 d 4 h', '12 min'. */
export function formatAge(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}

export const COPY = {
  title: 'Órdenes médicas',
  filtersTitle: 'Filtrar',
  status: 'Estado',
  anyStatus: 'Todos los estados',
  order: 'Orden',
  newest: 'Más recientes primero',
  oldest: 'Las que más esperan primero',
  apply: 'Aplicar',
  resultsTitle: 'Bandeja de entrada',
  caption: (hours: number) =>
    `Órdenes médicas subidas en el widget. Prometemos responder en ${hours} horas: las nuevas que pasan ese plazo dicen «Atrasada».`,
  loading: 'Cargando órdenes…',
  shown: (shown: number, total: number) =>
    total === 1 ? 'Una orden.' : shown === total ? `${total} órdenes.` : `${shown} de ${total} órdenes.`,
  none: 'No hay órdenes con ese filtro.',
  code: 'Código',
  received: 'Recibida',
  age: 'Espera',
  person: 'Persona',
  contact: 'Contacto',
  commune: 'Comuna',
  files: 'Archivos',
  overdue: 'Atrasada',
  onTime: 'En plazo',
  dueIn: (time: string) => `responder antes de las ${time}`,
  dueWas: (time: string) => `el plazo venció a las ${time}`,
  dash: '—',
  // The lead's page
  leadTitle: (code: string) => `Orden médica ${code}`,
  back: 'Volver a las órdenes médicas',
  summaryTitle: 'Resumen',
  receivedAt: 'Recibida',
  waiting: 'Tiempo desde que se subió',
  promise: 'Plazo de respuesta',
  lastChange: 'Último cambio de estado',
  by: (who: string) => `por ${who}`,
  appointment: 'Cita',
  seeAppointment: 'Ver la cita agendada',
  contactTitle: 'Contacto',
  name: 'Nombre',
  email: 'Correo',
  phone: 'Teléfono',
  insurance: 'Previsión',
  specialNeeds: 'Necesidades especiales',
  partner: 'Socio',
  addressTitle: 'Dirección',
  address: 'Dirección',
  apartment: 'Departamento',
  additionalInfo: 'Indicaciones',
  region: 'Región',
  residence: 'Tipo de vivienda',
  residenceTypes: { apartment: 'Departamento', house: 'Casa' } as Record<string, string>,
  filesTitle: 'Archivos de la orden',
  fileLabel: (index: number, name: string | null) => `Archivo ${index}${name ? `: ${name}` : ''}`,
  fileFacts: (type: string, size: string) => `${type}, ${size}`,
  openFile: 'Abrir en una pestaña nueva',
  showPdf: (label: string) => `Ver ${label}`,
  hidePdf: (label: string) => `Ocultar ${label}`,
  typeNames: { 'application/pdf': 'PDF', 'image/jpeg': 'Imagen JPEG', 'image/png': 'Imagen PNG' } as Record<
    string,
    string
  >,
  statusTitle: 'Cambiar el estado',
  newStatus: 'Nuevo estado',
  statusNote: 'Nota (opcional)',
  statusSubmit: 'Cambiar estado',
  statusChanged: (label: string) => `Estado cambiado a ${label}.`,
  bookedLocked: 'La orden quedó agendada con la reserva de la persona: su estado ya no cambia.',
  notesTitle: 'Notas internas',
  noteText: 'Nueva nota',
  noteHint: 'Solo la ve el equipo.',
  noteSubmit: 'Agregar nota',
  noteAdded: 'Nota agregada.',
  noteEmpty: 'Escribe la nota.',
  noNotes: 'Todavía no hay notas.',
  noteBy: (author: string, when: string) => `${author}, ${when}`,
  cartTitle: 'Carrito para la persona',
  cartIntro:
    'Busca los exámenes de la orden, agrégalos y envía el enlace del carrito al correo de la persona: al abrirlo reserva con su dirección ya puesta.',
  searchLabel: 'Buscar en el catálogo',
  searchSubmit: 'Buscar',
  searching: 'Buscando…',
  searchResultsTitle: 'Resultados',
  noResults: 'No hay resultados para esa búsqueda.',
  add: (name: string) => `Agregar ${name}`,
  addShort: 'Agregar',
  remove: (name: string) => `Quitar ${name}`,
  removeShort: 'Quitar',
  cartItemsTitle: 'En el carrito',
  emptyCart: 'El carrito está vacío.',
  pack: 'Pack',
  exam: 'Examen',
  coupon: 'Cupón (opcional)',
  sendCart: 'Enviar enlace del carrito',
  cartNeedsItems: 'Agrega al menos un examen o pack al carrito.',
  cartSent: (email: string) => `Enviamos el enlace del carrito a ${email}. La orden quedó cotizada.`,
  lastCart: 'Último carrito enviado',
  historyTitle: 'Historial',
  when: 'Fecha',
  what: 'Cambio',
  who: 'Quién',
  leadLoading: 'Cargando la orden…',
  noHistory: 'Sin cambios todavía.',
  actions: {
    'lead.status_changed': 'Cambio de estado',
    'lead.cart_sent': 'Carrito enviado',
  } as Record<string, string>,
  bookingActor: 'La reserva de la persona',
};
