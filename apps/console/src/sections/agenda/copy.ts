import type { AppointmentStatus } from '@visita/domain/contract/appointments';
import type { AgendaServiceKind } from '@visita/domain/contract/console-agenda';

/** The agenda section's texts. */
export const COPY = {
  title: 'Agenda',
  filtersTitle: 'Día y filtros',
  sector: 'Sector',
  chooseSector: 'Elige un sector',
  date: 'Fecha',
  partner: 'Socio',
  anyPartner: 'Todos los socios',
  status: 'Estado',
  anyStatus: 'Todos los estados',
  kind: 'Servicio',
  anyKind: 'Todos los servicios',
  loading: 'Cargando…',
  noSectors: 'No hay sectores.',
  noNurses: 'Nadie trabaja ese día en este sector.',
  loadTitle: 'Carga por bloque',
  loadCaption: (sector: string, date: string) => `Carga de ${sector} el ${date}: reservadas / capacidad`,
  block: 'Bloque',
  booked: 'Reservadas',
  capacity: 'Capacidad',
  load: (booked: number, capacity: number) => `${booked} / ${capacity}`,
  gridTitle: 'Enfermeras y bloques',
  gridCaption: (sector: string, date: string) =>
    `Agenda de ${sector} el ${date}: una fila por enfermera, una columna por bloque`,
  nurse: 'Enfermera',
  free: 'Libre',
  hold: 'Retenido',
  holdUntil: (time: string) => `Retenido hasta las ${time}`,
  notWorking: 'No trabaja',
  open: (code: string) => `Abrir cita ${code}`,
} as const;

/** The agenda's service kinds, as the console names them. */
export const KIND_LABELS: Record<AgendaServiceKind, string> = {
  exam: 'Exámenes',
  pack: 'Packs',
  vaccine: 'Vacunas',
  service: 'Servicios médicos',
};

export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  pending: 'Pendiente',
  scheduled: 'Agendada',
  confirmed: 'Confirmada',
  cancelled: 'Cancelada',
  expired: 'Expirada',
};

const PAYMENT_STATUS_LABELS: Record<string, string> = {
  'Payment Successful': 'Pagada',
  'Payment Pending': 'Pago pendiente',
  'Company Billed': 'Facturada a la empresa',
};

export function paymentStatusLabel(status: string | null): string | null {
  if (!status) return null;
  return PAYMENT_STATUS_LABELS[status] ?? status;
}

/** The day's travel and its plan. */
export const ROUTE_COPY = {
  title: 'Traslados del día',
  caption: (sector: string, date: string) =>
    `Traslados en ${sector} el ${date}: distancia en línea recta entre visitas consecutivas de cada enfermera`,
  nurse: 'Enfermera',
  legs: 'Recorrido',
  legsRegion: 'Recorridos por enfermera',
  total: 'Total',
  none: 'Ninguna enfermera tiene dos visitas ese día: no hay traslados.',
  dayTotal: (km: string) => `Total del día: ${km}.`,
  planTitle: 'Propuesta de reparto',
  planCaption: 'Visitas que cambiarían de enfermera, a la misma hora',
  noPlan: 'No hay un reparto que acorte los traslados sin mover ninguna hora.',
  saving: (km: string, planned: string, percent: string) =>
    `Con este reparto el día recorre ${planned}: ${km} menos (${percent}). Ninguna visita cambia de hora y no se avisa a los pacientes.`,
  code: 'Cita',
  time: 'Hora',
  from: 'De',
  to: 'A',
  apply: 'Aplicar propuesta',
  applied: (n: number) =>
    n === 1
      ? 'Propuesta aplicada: 1 visita cambió de enfermera.'
      : `Propuesta aplicada: ${n} visitas cambiaron de enfermera.`,
} as const;

/** Metres as kilometres with one decimal, Chilean style. */
export function kilometres(meters: number): string {
  return `${new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(meters / 1000)} km`;
}

/** The week view. */
export const WEEK_COPY = {
  view: 'Vista',
  day: 'Día',
  week: 'Semana',
  title: 'Semana',
  caption: (sector: string, from: string) =>
    `Semana de ${sector} desde el ${from}: bloques reservados / bloques en turno, por enfermera y día`,
  sector: 'Sector (todas)',
  cell: (booked: number, capacity: number) => `${booked} / ${capacity}`,
  off: 'No trabaja',
  openDay: (date: string) => `Ver el día ${date}`,
  noNurses: 'Nadie trabaja esa semana en este sector.',
} as const;
