import { describe, expect, it } from 'vitest';
import * as ERRORS from './api-errors.ts';

const entries = (Object.entries(ERRORS) as [string, unknown][]).filter(
  (pair): pair is [string, ERRORS.ApiErrorEntry] => typeof pair[1] === 'object' && pair[1] !== null,
);
const builders = Object.entries(ERRORS).filter(([, value]) => typeof value === 'function');

describe('the catalogue of refusals', () => {
  it('gives every refusal an error status, a stable kebab-case slug and a Spanish text', () => {
    expect(entries.length).toBeGreaterThan(80);
    for (const [name, entry] of entries) {
      expect(entry.status, name).toBeGreaterThanOrEqual(400);
      expect(entry.status, name).toBeLessThan(600);
      expect(entry.err, name).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
      expect(entry.msg.trim(), name).toBe(entry.msg);
      expect(entry.msg, name).toMatch(/[a-záéíóúñ]{3}/i);
    }
  });

  it('names the field, limit or fund a built refusal is about', () => {
    expect(builders.length).toBeGreaterThan(15);
    expect(ERRORS.tooManyPatients(3)).toEqual({
      status: 400,
      err: 'too-many-patients',
      msg: 'La cita admite como máximo 3 pacientes.',
    });
    expect(ERRORS.invalidLead('es obligatorio.').msg).toBe('lead: es obligatorio.');
    expect(ERRORS.rutNotAffiliated('Caja Los Andes').msg).toBe(
      'El rut ingresado no está afiliado a Caja Los Andes',
    );
    expect(ERRORS.couponRefused('already_used')).toMatchObject({ status: 409, err: 'coupon-already-used' });
    expect(ERRORS.invalidAppointmentStatus('expired').err).toBe(ERRORS.INVALID_APPOINTMENT_STATUS);
    // A field name from the request is cut, so a refusal never echoes a megabyte back.
    expect(ERRORS.unexpectedFile('x'.repeat(5000)).msg.length).toBeLessThan(140);
  });

  it('answers a gateway rejection with its own slug and the widget’s text, or the generic one', () => {
    expect(ERRORS.paymentRejected('cc_rejected_insufficient_amount')).toMatchObject({ status: 402 });
    expect(ERRORS.paymentRejected('cc_rejected_insufficient_amount').msg).not.toBe(
      ERRORS.paymentRejected('something_new').msg,
    );
    expect(ERRORS.paymentRejected('something_new').msg).toBe(ERRORS.GATEWAY_UNAVAILABLE.msg);
  });
});
