/** 'Tu reserva': the screen a booking e-mail's link opens. */
export const MANAGE_TITLE = 'Tu reserva';
export const MANAGE_SUBTITLE = 'Estos son los datos de tu visita a domicilio.';
export const MANAGE_CANCELLED_SUBTITLE = 'Esta reserva fue cancelada.';
export const MANAGE_LOADING = 'Cargando tu reserva';
export const MANAGE_LOAD_ERROR = 'No pudimos cargar tu reserva. Inténtalo de nuevo en unos minutos.';
export const MANAGE_REFERENCE = 'Reserva';
export const MANAGE_WHEN = 'Fecha';
export const MANAGE_WINDOW = 'Hora de llegada';
export const MANAGE_WHERE = 'Dirección';
export const MANAGE_PATIENTS = 'Pacientes y servicios';
export const MANAGE_PAID = 'Pagado en línea';
export const MANAGE_AT_HOME = 'A pagar en el domicilio';
export const MANAGE_RESCHEDULE = 'Cambiar fecha u hora';
export const MANAGE_CANCEL = 'Cancelar reserva';
export const manageChangeUntil = (when: string) => `Puedes cambiar o cancelar tu reserva hasta el ${when}.`;
export const manageTooLate = (hours: number) =>
  `Ya no es posible cancelar ni cambiar esta reserva en línea: se puede hasta ${hours} horas antes de la visita. Escríbenos y te ayudamos.`;
export const CANCEL_DIALOG_TITLE = '¿Cancelar la reserva?';
// Neutral for everyone: the non-binary wording needs no variant of it.
export const CANCEL_DIALOG_TEXT = 'Nadie del equipo de salud irá a tu domicilio en el horario reservado.';
export const cancelDialogRefund = (amount: string) =>
  `Te devolveremos ${amount} a la tarjeta con que pagaste.`;
export const CANCEL_CONFIRM = 'Sí, cancelar';
export const CANCEL_KEEP = 'No, mantener';
export const CANCELLED_TOAST = 'Cancelamos tu reserva.';
export const cancelledRefund = (amount: string) =>
  `Cancelamos tu reserva. Devolveremos ${amount} a tu tarjeta; el banco puede tardar unos días en reflejarlo.`;
export const RESCHEDULED_TOAST = 'Cambiamos la fecha de tu visita.';
export const CHANGE_ERROR = 'No pudimos cambiar tu reserva. Inténtalo de nuevo.';
