import { describe, expect, it } from 'vitest';
import { can, CONSOLE_PERMISSIONS, CONSOLE_ROLES, type ConsolePermission } from './console-permissions.ts';

describe('console permissions', () => {
  it('gives the admin every permission', () => {
    for (const permission of Object.keys(CONSOLE_PERMISSIONS) as ConsolePermission[])
      expect(can('admin', permission), permission).toBe(true);
  });

  it('keeps operators and the audit trail to admins', () => {
    for (const role of CONSOLE_ROLES.filter((r) => r !== 'admin')) {
      expect(can(role, 'operators.manage')).toBe(false);
      expect(can(role, 'audit.read')).toBe(false);
    }
  });

  it('lets a partner read and cancel its bookings and read reports, nothing of the day or money', () => {
    expect(can('partner', 'appointments.read')).toBe(true);
    expect(can('partner', 'appointments.cancel')).toBe(true);
    expect(can('partner', 'reports.read')).toBe(true);
    expect(can('partner', 'agenda.read')).toBe(false);
    expect(can('partner', 'appointments.move')).toBe(false);
    expect(can('partner', 'payments.settle')).toBe(false);
    expect(can('partner', 'leads.read')).toBe(false);
  });

  it('leaves the supply (nurses, coupons, prices) to admins and coordinators', () => {
    for (const permission of ['nurses.manage', 'coupons.manage', 'prices.manage'] as const) {
      expect(can('coordinator', permission), permission).toBe(true);
      expect(can('finance', permission), permission).toBe(false);
      expect(can('partner', permission), permission).toBe(false);
    }
  });

  it('splits the day (coordination) from the money (finance)', () => {
    expect(can('coordinator', 'agenda.read')).toBe(true);
    expect(can('coordinator', 'appointments.move')).toBe(true);
    expect(can('coordinator', 'payments.settle')).toBe(false);
    expect(can('finance', 'payments.settle')).toBe(true);
    expect(can('finance', 'agenda.read')).toBe(false);
    expect(can('finance', 'appointments.move')).toBe(false);
  });
});
