import { describe, expect, it } from 'vitest';
import {
  framingOrigin,
  hostInboundMessageSchema,
  parseHostConfigEnvelope,
  parsePreloadedPatient,
  parseWidgetEnvelope,
  widgetEnvelope,
  widgetEventPayloadSchemas,
} from './host-messages.ts';
import { webOrigin } from './web-origin.ts';

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

describe('the host message envelope', () => {
  const envelope = (type: string, payload: unknown, instance = 'w1abc') => ({
    source: 'visita',
    v: 1,
    instance,
    type,
    payload,
  });

  it('is what the widget sends: source, version, instance, type and payload', () => {
    expect(widgetEnvelope('w1abc', 'success', { appointmentId: 'a-1' })).toEqual(
      envelope('success', { appointmentId: 'a-1' }),
    );
  });

  it("reads the host's config for this instance only", () => {
    const config = { clientId: 'demo', apiToken: 't', folio: 'F-1', displayedServicesIds: [1, 'b'] };
    expect(parseHostConfigEnvelope(envelope('config', config), 'w1abc')).toEqual({ kind: 'config', config });
    expect(parseHostConfigEnvelope(envelope('config', config, 'other'), 'w1abc')).toEqual({
      kind: 'ignored',
    });
  });

  it.each([
    ['another source', { ...envelope('config', {}), source: 'other' }],
    ['another version', { ...envelope('config', {}), v: 2 }],
    ['another type', envelope('success', {})],
    ['a bad instance id', envelope('config', {}, '../x')],
    ['not an object', 'config'],
    ['null', null],
  ])('ignores %s', (_name, data) => {
    expect(parseHostConfigEnvelope(data, 'w1abc')).toEqual({ kind: 'ignored' });
  });

  it('calls a malformed config of this instance invalid, naming the field', () => {
    expect(parseHostConfigEnvelope(envelope('config', { apiToken: 5 }), 'w1abc')).toEqual({
      kind: 'invalid',
      reason: 'invalid config: apiToken',
    });
    expect(parseHostConfigEnvelope(envelope('config', { extra: 1 }), 'w1abc')).toMatchObject({
      kind: 'invalid',
    });
  });

  it('lets the host read only known events with exactly their fields (no personal data rides along)', () => {
    expect(
      parseWidgetEnvelope(envelope('successful', { appointmentId: 'a', placeId: null }), 'w1abc'),
    ).toEqual(envelope('successful', { appointmentId: 'a', placeId: null }));
    expect(
      parseWidgetEnvelope(envelope('success', { appointmentId: 'a', rut: '11.111.111-1' }), 'w1abc'),
    ).toBeNull();
    expect(parseWidgetEnvelope(envelope('close', { error: 'address-out-of-range' }), 'w1abc')).not.toBeNull();
    expect(parseWidgetEnvelope(envelope('toString', {}), 'w1abc')).toBeNull();
    expect(parseWidgetEnvelope(envelope('mounted', {}), 'w2')).toBeNull();
    expect(
      parseWidgetEnvelope(envelope('tracking', { event: 'step', step: 'address' }), 'w1abc'),
    ).not.toBeNull();
    expect(
      parseWidgetEnvelope(envelope('tracking', { event: 'medical-order', solicitudId: 'g-1' }), 'w1abc'),
    ).not.toBeNull();
    expect(
      parseWidgetEnvelope(envelope('tracking', { event: 'step', step: 'address', name: 'Ana' }), 'w1abc'),
    ).toBeNull();
    expect(parseWidgetEnvelope(envelope('tracking', { event: 'step', step: 'nowhere' }), 'w1abc')).toBeNull();
    expect(
      parseWidgetEnvelope(envelope('redirect', { url: 'https://partner.cl/ok?solicitud_id=1' }), 'w1abc'),
    ).not.toBeNull();
    expect(parseWidgetEnvelope(envelope('redirect', { url: 'javascript:alert(1)' }), 'w1abc')).toBeNull();
    for (const schema of Object.values(widgetEventPayloadSchemas)) {
      expect(schema.safeParse({ email: 'a@b.cl' }).success).toBe(false);
    }
  });
});

describe('webOrigin', () => {
  it.each([
    ['https://partner.cl', 'https://partner.cl'],
    ['HTTPS://Partner.CL:443/page?q=1', 'https://partner.cl'],
    ['http://localhost:80', 'http://localhost'],
    ['http://console.localhost:3000/demo-host/console.html', 'http://console.localhost:3000'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
  ])('%s is %s', (value, origin) => {
    expect(webOrigin(value)).toBe(origin);
  });

  it.each([
    'null',
    '',
    'javascript:alert(1)',
    'ftp://x.cl',
    'http://user@x.cl',
    'http://x.cl:99999',
    'http://x.cl\ny',
  ])('%j is no web origin', (value) => {
    expect(webOrigin(value)).toBeNull();
  });
});

describe('framingOrigin', () => {
  const partner = 'https://partner.cl';
  it('is the origin the embed named when the browser agrees', () => {
    expect(framingOrigin(partner, partner, null)).toBe(partner);
    expect(framingOrigin(partner, null, `${partner}/shop/`)).toBe(partner);
  });

  it('is nobody when the browser disagrees, the parent is opaque or the claim is garbage', () => {
    expect(framingOrigin(partner, 'https://evil.cl', null)).toBeNull();
    expect(framingOrigin(partner, null, 'https://evil.cl/')).toBeNull();
    expect(framingOrigin(partner, 'null', null)).toBeNull();
    expect(framingOrigin('javascript:x', partner, null)).toBeNull();
    expect(framingOrigin(null, null, null)).toBeNull();
  });

  it("is the browser's word when the page framed the widget itself, and the claim when the browser says nothing", () => {
    expect(framingOrigin(null, partner, null)).toBe(partner);
    expect(framingOrigin(partner, null, null)).toBe(partner);
  });
});
