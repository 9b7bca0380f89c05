/** A nurse's absence and the moves of her visits. */
export const SICK_COPY = {
  open: (nurse: string) => `Marcar ausencia de ${nurse}`,
  openShort: 'Ausencia',
  title: (nurse: string) => `Ausencia de ${nurse}`,
  close: 'Cerrar',
  from: 'Desde',
  to: 'Hasta',
  propose: 'Ver propuesta',
  apply: 'Marcar ausencia y mover visitas',
  cancel: 'Cancelar',
  none: 'No tiene visitas confirmadas esos días: solo se marcará la ausencia.',
  caption: 'Sus visitas y quién las toma',
  resultCaption: 'Resultado: sus visitas y dónde quedaron',
  code: 'Cita',
  patient: 'Paciente',
  now: 'Ahora',
  proposal: 'Propuesta',
  result: 'Resultado',
  nobody: 'Nadie puede tomarla: queda con ella',
  timeChanged: 'cambia la hora; se avisa al paciente',
  sameTime: 'misma hora',
  moved: 'Movida',
  holdsProposed: (count: number) =>
    `${count === 1 ? 'Hay 1 reserva en curso' : `Hay ${count} reservas en curso`} en sus bloques: se dará a otra profesional libre en el mismo bloque, o se liberará para que la persona elija otro horario.`,
  holdsApplied: (moved: number, released: number) =>
    `Reservas en curso en sus bloques: ${moved} dadas a otra profesional, ${released} liberadas.`,
  unplaced: 'Sin asignar',
  emailed: 'Correo al paciente',
  yes: 'Sí',
  no: 'No',
  summary: (moved: number, unplaced: number) =>
    `Ausencia registrada. ${moved === 1 ? '1 visita movida' : `${moved} visitas movidas`}; ${
      unplaced === 1 ? '1 sin asignar' : `${unplaced} sin asignar`
    }.`,
} as const;
