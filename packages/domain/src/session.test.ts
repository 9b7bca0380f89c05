import { describe, expect, it } from 'vitest';
import {
  cartMakerCurrentAppointmentId,
  createsAppointmentAt,
  originForHost,
  REDACTED,
  redactForAnalytics,
  shouldPrefillCart,
} from './session.ts';

describe('session rules', () => {
  it.each([
    ['staff.example.cl', ['staff.example.cl'], 'laas'],
    [' STAFF.example.cl ', ['staff.example.cl'], 'laas'],
    ['partner.cl', ['staff.example.cl'], 'sdk'],
    [null, ['staff.example.cl'], 'sdk'],
  ])('host %s -> %s', (host, hosts, origin) => {
    expect(originForHost(host, hosts)).toBe(origin);
  });

  it.each([
    [{ id: 'a1', status: 'pending' }, 'a1'],
    [{ id: 'a1', status: 'confirmed' }, null],
    [{ id: 'a1', status: 'scheduled' }, 'a1'],
    [{ id: 'a1', status: 'cancelled' }, null],
    [{ id: 'a1', status: 'expired' }, null],
    [null, null],
  ])('cart-maker appointment %o -> current %s', (appointment, id) => {
    expect(cartMakerCurrentAppointmentId(appointment)).toBe(id);
  });

  it.each([
    [false, false, true],
    [true, false, false],
    [false, true, false],
  ])('prefilled %s, skip %s -> prefill %s', (alreadyPrefilled, skipPrefill, prefill) => {
    expect(shouldPrefillCart({ alreadyPrefilled, skipPrefill })).toBe(prefill);
  });

  it.each([
    ['address', true, null, true],
    ['address', false, null, false],
    ['confirmation', false, null, true],
    ['confirmation', false, 'a1', false],
    ['address', true, 'a1', false],
    ['date', false, null, false],
    ['services', false, null, true],
    ['services', true, null, true],
    ['services', false, 'a1', false],
  ] as const)(
    'at %s (from cart maker %s, appointment %s) creates: %s',
    (step, fromCartMaker, appointmentId, creates) => {
      expect(createsAppointmentAt(step, { fromCartMaker, appointmentId })).toBe(creates);
    },
  );

  it.each([
    ['ana@example.com', REDACTED],
    ['Las Condes', 'Las Condes'],
    [42, 42],
  ])('analytics value %j -> %j', (value, sent) => {
    expect(redactForAnalytics(value)).toBe(sent);
  });
});
