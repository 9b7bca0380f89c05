/**
 * Who may do what in the operations console. The API checks a route's permission on every call;
 * the console only reads this table to leave out what a person may not open.
 *
 * - admin: everything, operators and partners included.
 * - coordinator: the agenda, appointments and medical-order leads.
 * - finance: payments, refunds and reports.
 * - partner: one partner's own bookings and reports; may cancel; sees no other partner's data.
 */
export const CONSOLE_ROLES = ['admin', 'coordinator', 'finance', 'partner'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

/** The role's name as the console shows it. */
export const CONSOLE_ROLE_LABELS: Record<ConsoleRole, string> = {
  admin: 'Administración',
  coordinator: 'Coordinación',
  finance: 'Finanzas',
  partner: 'Socio',
};

export const CONSOLE_PERMISSIONS = {
  'appointments.read': ['admin', 'coordinator', 'finance', 'partner'],
  'appointments.cancel': ['admin', 'coordinator', 'partner'],
  'appointments.move': ['admin', 'coordinator'],
  'appointments.note': ['admin', 'coordinator', 'finance'],
  'agenda.read': ['admin', 'coordinator'],
  'nurses.days_off': ['admin', 'coordinator'],
  'payments.read': ['admin', 'finance'],
  'payments.settle': ['admin', 'finance'],
  'reports.read': ['admin', 'finance', 'partner'],
  'leads.read': ['admin', 'coordinator'],
  'leads.write': ['admin', 'coordinator'],
  'partners.list': ['admin', 'coordinator', 'finance', 'partner'],
  // A partner's document, staff token, domains and audit trail (every partner's: admins only).
  'partners.manage': ['admin'],
  // The supply behind the bookings: who works where and when, what is sold, at what price.
  'nurses.manage': ['admin', 'coordinator'],
  'coupons.manage': ['admin', 'coordinator'],
  'prices.manage': ['admin', 'coordinator'],
  'catalogue.manage': ['admin', 'coordinator'],
  'coverage.manage': ['admin', 'coordinator'],
  'operators.manage': ['admin'],
  'audit.read': ['admin'],
} as const satisfies Record<string, readonly ConsoleRole[]>;
export type ConsolePermission = keyof typeof CONSOLE_PERMISSIONS;

/** Whether a role holds a permission. */
export function can(role: ConsoleRole, permission: ConsolePermission): boolean {
  return (CONSOLE_PERMISSIONS[permission] as readonly ConsoleRole[]).includes(role);
}

/** Roles that must sign in with a second factor before anything else. */
export const ROLES_REQUIRING_TOTP: readonly ConsoleRole[] = ['admin'];

/** What the audit log records of the console's writes, beside the partner API's own actions. */
export const CONSOLE_AUDIT_ACTIONS = [
  'operator.created',
  'operator.updated',
  'operator.unlocked',
  'operator.totp_reset',
  'operator.sessions_ended',
  'operator.password_changed',
  'operator.password_reset',
  'operator.totp_enrolled',
  'appointment.moved',
  'appointment.cancelled',
  'appointment.rescheduled',
  'appointment.note_added',
  'appointment.payment_recorded',
  'appointment.refunded',
  'appointment.written_off',
  'appointment.outcome_set',
  'appointment.confirmation_resent',
  'nurse.days_off_applied',
  'payment.reconciled',
  'lead.status_changed',
  'lead.cart_sent',
  'nurse.created',
  'nurse.updated',
  'nurse.visit_kept',
  'coupon.created',
  'coupon.updated',
  'referral_code.updated',
  'prices.imported',
  'price.set',
  'catalogue.item_created',
  'catalogue.item_updated',
  'catalogue.stock_set',
  'sector.created',
  'sector.updated',
] as const;
export type ConsoleAuditAction = (typeof CONSOLE_AUDIT_ACTIONS)[number];
