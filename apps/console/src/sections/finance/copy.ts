import type { MoneyQueueKind } from '@visita/domain/contract/console-money';
import { formatCurrency } from '@visita/domain/money';

/** The finance section's texts. */
export const COPY = {
  title: 'Finanzas',
  filterTitle: 'Filtrar',
  kind: 'Tipo',
  anyKind: 'Todos los tipos',
  show: 'Mostrar',
  queueTitle: 'Pagos que esperan a una persona',
  caption: 'Pagos que no se resuelven solos, del más antiguo al más reciente',
  loading: 'Cargando…',
  shown: (count: number, more: boolean) =>
    count === 0
      ? 'No hay pagos esperando.'
      : `${count} ${count === 1 ? 'pago espera' : 'pagos esperan'}${more ? ' (se muestran los más antiguos)' : ''}.`,
  code: 'Código',
  partner: 'Socio',
  patient: 'Paciente',
  amount: 'Monto',
  since: 'Desde',
  actions: 'Acciones',
  dash: '—',
  reconcile: 'Conciliar con la pasarela',
  refund: 'Reintentar devolución',
  recordPayment: 'Registrar pago',
  settle: 'Dar por saldado',
  writeOff: 'Castigar',
  close: 'Cerrar',
  back: 'Volver',
  reason: 'Motivo',
  reasonHint: 'Queda en el historial de la cita.',
  reasonTooShort: 'Indica el motivo (al menos 3 caracteres).',
  writeOffTitle: (code: string) => `Castigar lo adeudado de la cita ${code}`,
  writeOffNote: (amount: string) =>
    `Se deja de cobrar ${amount}. El estado de pago de la cita no cambia: no se pagó.`,
  writeOffSubmit: 'Castigar',
  settleTitle: (code: string) => `Dar por saldada la parte de la empresa de la cita ${code}`,
  settleNote: (amount: string) => `La empresa pagó ${amount}.`,
  reference: 'Referencia',
  referenceHint: 'Opcional: factura, transferencia o comprobante.',
  settleSubmit: 'Dar por saldado',
  paymentTitle: (code: string) => `Registrar el pago de la cita ${code}`,
  paymentAmount: 'Monto cobrado',
  paymentAmountInvalid: 'Indica un monto entero mayor que cero.',
  paymentMethod: 'Medio',
  paymentMethods: { cash: 'Efectivo', card_terminal: 'Tarjeta en terminal', transfer: 'Transferencia' },
  paymentSubmit: 'Registrar pago',
  openAppointment: (code: string) => `Abrir la cita ${code}`,
  done: {
    reconciled: (code: string, outcome: 'approved' | 'refunded' | 'rejected' | 'pending') =>
      ({
        approved: `Cita ${code}: la pasarela cobró el pago; la visita quedó confirmada.`,
        refunded: `Cita ${code}: la pasarela cobró el pago, pero la visita ya no podía confirmarse; se devolvió.`,
        rejected: `Cita ${code}: la pasarela no cobró nada; el pago quedó rechazado y el paciente puede volver a pagar.`,
        pending: `Cita ${code}: la pasarela tiene el pago en revisión; se volverá a consultar solo.`,
      })[outcome],
    refunded: (code: string, amount: string) => `Cita ${code}: devolución de ${amount} hecha.`,
    settled: (code: string, amount: string) => `Cita ${code}: parte de la empresa (${amount}) saldada.`,
    writtenOff: (code: string, amount: string) => `Cita ${code}: ${amount} castigados.`,
    recorded: (code: string, amount: string) => `Cita ${code}: pago de ${amount} registrado.`,
  },
};

export const KIND_LABELS: Record<MoneyQueueKind, string> = {
  processing: 'Pago en proceso detenido',
  payment_pending: 'Pago pendiente',
  company_billed: 'Por cobrar a la empresa',
  refund_failed: 'Devolución rechazada',
};

const dateTime = new Intl.DateTimeFormat('es-CL', {
  dateStyle: 'medium',
  timeStyle: 'short',
  hourCycle: 'h23',
  timeZone: 'America/Santiago',
});

/** An instant as Chile reads it (finance works from Santiago). */
export const formatSince = (iso: string) => dateTime.format(new Date(iso));

/** An amount in its currency. */
export const formatMoney = (amount: number, currency: 'CLP' | 'MXN') =>
  formatCurrency(amount, currency === 'MXN' ? 'mx' : 'cl');
