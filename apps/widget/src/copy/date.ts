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

// Our wording.
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
export const holdText = (time: string) => `Tu horario queda reservado por ${time}.`;

const unit = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * A time left as a person says it: '19 minutos y 59 segundos', '20 minutos', '45 segundos'
 * ('19:59 minutos' reads as a clock, not a duration).
 */
export function durationText(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  if (minutes === 0) return unit(seconds, 'segundo', 'segundos');
  const minutesText = unit(minutes, 'minuto', 'minutos');
  return seconds === 0 ? minutesText : `${minutesText} y ${unit(seconds, 'segundo', 'segundos')}`;
}
export const HOLD_EXPIRED_TEXT = 'La reserva de tu horario venció; vuelve a elegir un horario.';
/** Shown and said once this many seconds are left on the hold, with the button that extends it. */
export const HOLD_WARNING_SECONDS = 5 * 60;
export const HOLD_WARNING_TEXT = 'Tu reserva de horario vence en menos de 5 minutos.';
export const HOLD_EXTEND_BUTTON = 'Extender reserva';
/** Once the hold lapsed: back to the date step for a new time, the rest kept. */
export const HOLD_CHOOSE_AGAIN_BUTTON = 'Elegir otra hora';
