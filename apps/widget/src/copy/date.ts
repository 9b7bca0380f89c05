export {
  BLOCK_SELECTION_FAILED_MESSAGE,
  DATE_STEP_TITLE,
  LOADING_AVAILABILITY_MESSAGE,
  NO_AVAILABILITY_MESSAGE,
  SELECT_BLOCK_MESSAGE,
  SELECT_DAY_LABEL,
  SELECT_TIME_LABEL,
  CONTINUE_BUTTON,
  ADDRESS_OR_APPOINTMENT_MISSING_MESSAGE,
} from '@visita/domain/messages';

// Not worded by the spec: our texts.
export const PREVIOUS_WEEK_LABEL = 'Semana anterior';
export const NEXT_WEEK_LABEL = 'Semana siguiente';
export const WEEKDAYS_SHORT = ['lun', 'mar', 'mié', 'jue', 'vie', 'sáb', 'dom'] as const;
export const WEEKDAYS_LONG = [
  'lunes',
  'martes',
  'miércoles',
  'jueves',
  'viernes',
  'sábado',
  'domingo',
] as const;
export const SELECTED_SLOT_LABEL = 'Horario seleccionado:';
export const slotSummary = (weekday: string, dayAndMonth: string, begin: string, end: string) =>
  `${weekday.charAt(0).toUpperCase()}${weekday.slice(1)} ${dayAndMonth}, de ${begin} a ${end}`;
export const holdText = (time: string) => `Tu horario está reservado por ${time} minutos.`;
export const HOLD_EXPIRED_TEXT = 'La reserva de tu horario venció; vuelve a elegir un horario.';
