import { describe, expect, it } from 'vitest';
import { hostInboundMessageSchema, parsePreloadedPatient } from './host-messages.ts';

describe('host messages', () => {
  const patient = {
    first_name: 'Ana',
    last_name: 'Pérez',
    date_of_birth: '1990-05-17',
    gender: 'female',
    document_type: 'ci',
    document_number: '11.111.111-1',
  };

  it('accepts preloaded patient data and reports the first bad field', () => {
    expect(parsePreloadedPatient(patient)).toEqual({ ok: true, patient });
    expect(parsePreloadedPatient({ ...patient, date_of_birth: '17-05-1990' })).toEqual({
      ok: false,
      message: 'invalid patient: date_of_birth',
    });
    expect(parsePreloadedPatient(null)).toEqual({ ok: false, message: 'invalid patient: value' });
  });

  it('reads what the host may send', () => {
    expect(hostInboundMessageSchema.parse({ clientId: 'demo', displayedServicesIds: [1, '2'] })).toEqual({
      clientId: 'demo',
      displayedServicesIds: [1, '2'],
    });
    expect(hostInboundMessageSchema.safeParse({ clientId: '' }).success).toBe(false);
  });
});
