import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { errorReportAnswerSchema } from '@visita/domain/contract/error-reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITED } from '@visita/domain/contract/api-errors';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { redactText } from './service.ts';

const URL_PATH = '/api/v2/errors/';
const TOKEN = 'Zx8vQ2pLr7TnW4yKb9HcJ1mAs5DfGe3UiOo6Pq0Rt_w';
const APPOINTMENT_ID = '0f8b2c8e-3b1a-4c5d-9e7f-112233445566';
/** A report with a person's data in every field a careless caller could put it. */
const REPORT = {
  origin: 'geocoding',
  message: `Fallo al geocodificar para camila.gonzalez@correo.cl, RUT 11.111.111-1, fono +56 9 8765 4321, token ${TOKEN}`,
  status: 502,
  err: 'geocoder-unavailable',
  client_id: 'demo',
  sales_source: 'marketplace',
  context: {
    path: `/api/v2/places/geocode/?address=Avenida%20Apoquindo%204500&token=${TOKEN}`,
    appointment_id: APPOINTMENT_ID,
    email: 'camila.gonzalez@correo.cl',
    rut_sin_puntos: '111111111',
    step: 'address',
    cvv: '987',
    pwd: 'hunter2',
    apellido: 'Zúñiga',
    calle: 'Los Leones',
  },
};
const PERSONAL = [
  'camila.gonzalez',
  '11.111.111-1',
  '111111111',
  '8765 4321',
  TOKEN,
  'Apoquindo',
  '987',
  'hunter2',
  'Zúñiga',
  'Leones',
];

describe.each(TEST_ENGINES)('widget failure reports on $name', (engine) => {
  let t: TestApp;
  let tracker: Server;
  let log = '';
  const received: unknown[] = [];

  beforeAll(async () => {
    // A real HTTP server standing in for the error tracker's intake.
    tracker = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += String(chunk)));
      request.on('end', () => {
        received.push({ contentType: request.headers['content-type'], body: JSON.parse(body) as unknown });
        response.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => tracker.listen(0, '127.0.0.1', resolve));
    const { port } = tracker.address() as AddressInfo;
    t = await createTestApp(engine, {
      seed: false,
      env: {
        ERROR_TRACKER_URL: `http://127.0.0.1:${port}/intake`,
        RATE_LIMIT_ERROR_REPORTS_PER_MINUTE: '3',
        TRUST_PROXY: '10.0.0.1',
      },
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk, _encoding, done) {
            log += String(chunk);
            done();
          },
        }),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => tracker.close(resolve));
  });

  let address = 0;
  const report = (payload: unknown, ip = `203.0.113.${(address += 1)}`) =>
    t.app.inject({
      method: 'POST',
      url: URL_PATH,
      payload: payload as object,
      headers: { 'x-forwarded-for': ip },
      remoteAddress: '10.0.0.1',
    });

  it('takes a report (202), logs it and forwards it to the tracker with personal data masked', async () => {
    const response = await report(REPORT);
    expect(response.statusCode).toBe(202);
    expect(errorReportAnswerSchema.parse(response.json())).toEqual({ received: true });
    await expect.poll(() => received.length).toBe(1);
    const forwarded = received[0] as { contentType: string; body: Record<string, unknown> };
    expect(forwarded.contentType).toBe('application/json');
    expect(forwarded.body).toMatchObject({
      source: 'visita-widget',
      origin: 'geocoding',
      status: 502,
      err: 'geocoder-unavailable',
      clientId: 'demo',
      salesSource: 'marketplace',
    });
    // Only the context the widget sends (its path), masked; every other key dropped.
    expect(forwarded.body.context).toEqual({
      path: '/api/v2/places/geocode/?address=[oculto]&token=[oculto]',
    });
    expect(forwarded.body.message).toBe(
      'Fallo al geocodificar para [correo], RUT [rut], fono [número], token [token]',
    );
    const sent = JSON.stringify(forwarded.body);
    for (const secret of PERSONAL) expect(sent).not.toContain(secret);
    expect(log).toContain('widget error report');
    expect(log).toContain('"origin":"geocoding"');
    // What was logged of the report (the log's own lines carry times and ids whose digits may match).
    const logged = log
      .split('\n')
      .filter((line) => line.includes('widget error report'))
      .map((line) => JSON.stringify((JSON.parse(line) as { errorReport: unknown }).errorReport));
    expect(logged).toHaveLength(1);
    for (const secret of PERSONAL) expect(logged[0]).not.toContain(secret);
  });

  it.each([
    ['an unknown origin', { ...REPORT, origin: 'cualquiera' }],
    ['no message', { origin: 'exam-search', message: '  ' }],
    ['a message over 500 characters', { origin: 'exam-search', message: 'x'.repeat(501) }],
    ['nested context', { origin: 'exam-search', message: 'x', context: { a: { b: 1 } } }],
    [
      'too much context',
      {
        origin: 'exam-search',
        message: 'x',
        context: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])),
      },
    ],
    ['a status that is no HTTP status', { origin: 'exam-search', message: 'x', status: 700 }],
  ])('answers 400 {err, msg} for %s', async (_case, payload) => {
    const response = await report(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ err: expect.any(String), msg: expect.any(String) });
  });

  it('limits the reports per address', async () => {
    const ip = '198.51.100.60';
    const minimal = { origin: 'exam-search', message: 'La búsqueda falló' };
    for (let i = 0; i < 3; i += 1) expect((await report(minimal, ip)).statusCode).toBe(202);
    const refused = await report(minimal, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ err: RATE_LIMITED.err, msg: RATE_LIMITED.msg });
  });

  let marker = 0;
  /** One report through the route; what the tracker received of it (told apart by its err slug). */
  async function forwardedOf(
    payload: object,
  ): Promise<{ message: string; context: Record<string, unknown> }> {
    const err = `caso-${(marker += 1)}`;
    expect((await report({ origin: 'exam-search', err, ...payload })).statusCode).toBe(202);
    const ours = () =>
      received
        .map(
          (entry) =>
            (entry as { body: { err: string; message: string; context: Record<string, unknown> } }).body,
        )
        .find((body) => body.err === err);
    await expect.poll(ours).toBeDefined();
    return ours() as { message: string; context: Record<string, unknown> };
  }

  it.each([
    ['an e-mail percent-encoded', 'para camila.gonzalez%40correo.cl', 'para [correo]'],
    ['an e-mail encoded twice', 'para camila.gonzalez%2540correo.cl', 'para [correo]'],
    ['an e-mail with (at)', 'para camila.gonzalez(at)correo.cl', 'para [correo]'],
    ['an e-mail with [at]', 'para camila.gonzalez [at] correo.cl', 'para [correo]'],
    ['an e-mail with " at "', 'para camila.gonzalez at correo.cl', 'para [correo]'],
    ['an e-mail with " at " percent-encoded', 'para camila.gonzalez%20at%20correo.cl', 'para [correo]'],
    ['an e-mail in words', 'para camila.gonzalez (arroba) correo (punto) cl', 'para [correo]'],
    ['an e-mail with a full-width ＠', 'para camila.gonzalez＠correo.cl', 'para [correo]'],
    ['an e-mail with a zero-width space', 'para camila.gonzalez\u200b@correo.cl', 'para [correo]'],
    ['an e-mail split by an ANSI escape', 'para camila.gonzalez\u001b[0m@correo.cl', 'para [correo]'],
    ['a RUT with commas', 'RUT 11,111,111-1 no', 'RUT [rut] no'],
    ['a RUT with an en dash', 'RUT 11.111.111–1 no', 'RUT [rut] no'],
    ['a RUT with an em dash', 'RUT 11.111.111—1 no', 'RUT [rut] no'],
    ['a RUT with a minus sign', 'RUT 11.111.111−1 no', 'RUT [rut] no'],
    ['a RUT with K, spaced', 'RUT 12.345.678 - k no', 'RUT [rut] no'],
    ['a RUT in full-width digits', 'RUT １１.１１１.１１１-１ no', 'RUT [rut] no'],
    ['a RUT percent-encoded', 'RUT 11%2E111%2E111-1 no', 'RUT [rut] no'],
    ['a phone with en dashes', 'fono +56–9–8765–4321', 'fono [número]'],
    ['a phone with dots', 'fono +56.9.8765.4321', 'fono [número]'],
    ['a cvv', 'pago con cvv=987&x=1', 'pago con cvv=[oculto]&x=1'],
    ['a cvv in JSON', 'cuerpo {"cvv":"987","ok":1}', 'cuerpo {"cvv":[oculto],"ok":1}'],
    ['a pwd', 'login pwd=hunter2', 'login pwd=[oculto]'],
    ['a password header', 'password: hunter2', 'password: [oculto]'],
    ['an apellido', 'apellido: Zúñiga Soto, paso 2', 'apellido: [oculto], paso 2'],
    ['a calle', 'calle=Los Leones 4500, Providencia', 'calle=[oculto], Providencia'],
    ['an auth_token in a query', '/x?auth_token=abc123&y=2', '/x?auth_token=[oculto]&y=2'],
    [
      'an access_token named in percent-encoding',
      '/cb#access%5Ftoken=ya29.a0Af',
      '/cb#access_token=[oculto]',
    ],
    ['an apiKey', '/maps?apiKey=AIzaSy1&country=cl', '/maps?apiKey=[oculto]&country=cl'],
    ['an API key header', 'X-Api-Key: abcd', 'X-Api-Key: [oculto]'],
    ['credentials in a URL', 'https://user:pw@host.cl/x', 'https://[oculto]@host.cl/x'],
    ['ANSI colours around an e-mail', '\u001b[31mcamila.gonzalez@correo.cl\u001b[0m', '[correo]'],
    ['an ANSI link', 'ver \u001b]8;;https://x.cl\u0007aquí\u001b]8;;\u0007', 'ver aquí'],
  ])('the tracker gets %s masked', async (_case, message, expected) => {
    const forwarded = await forwardedOf({ message, context: { path: message } });
    expect(forwarded.message).toBe(expected);
    expect(forwarded.context).toEqual({ path: expected });
    expect(JSON.stringify(forwarded)).not.toContain('\u001b');
  });

  it('the tracker gets no RUT without separators sent as a number in the context', async () => {
    const forwarded = await forwardedOf({ message: 'falló', context: { path: 111111111 } });
    expect(forwarded.context).toEqual({ path: '[oculto]' });
  });

  it.each([
    ['cvv', '987'],
    ['pwd', 'hunter2'],
    ['apellido', 'Zúñiga'],
    ['calle', 'Los Leones 4500'],
    ['nombre_completo', 'Camila González'],
    ['step', 'address'],
    ['appointment_id', APPOINTMENT_ID],
  ])('the tracker gets no %s key in the context: only the keys the widget sends', async (key, value) => {
    const forwarded = await forwardedOf({ message: 'falló', context: { [key]: value, path: '/api/v2/x/' } });
    expect(forwarded.context).toEqual({ path: '/api/v2/x/' });
  });

  it.each([
    ['an e-mail', 'de ana.perez+x@sub.correo.cl:', 'de [correo]:'],
    ['a RUT without dots', 'rut 12345678-5 no', 'rut [rut] no'],
    ['a RUT with K', 'rut 9.876.543-K no', 'rut [rut] no'],
    ['a Mexican phone', 'tel +52 55 1234 5678', 'tel [número]'],
    ['a bearer token', 'Authorization: Bearer demo-laas-token', 'Authorization: Bearer [oculto]'],
    ['a query token', '/demo?token=abc&x=1', '/demo?token=[oculto]&x=1'],
    ['an appointment id (not a secret)', APPOINTMENT_ID, APPOINTMENT_ID],
    ['plain words and short numbers', 'HTTP 502 en 3 intentos', 'HTTP 502 en 3 intentos'],
    ['an e-mail at localhost', 'para juan@localhost.', 'para [correo].'],
    ['an e-mail with a bracketed dot', 'para juan@correo[.]cl', 'para [correo]'],
    ['an e-mail with spaces around the dot', 'para juan@correo . cl', 'para [correo]'],
    ['an e-mail as an HTML entity', 'para juan&#64;correo.cl', 'para [correo]'],
    ['an e-mail as a hex entity', 'para juan&#x40;correo&period;cl', 'para [correo]'],
    ['an e-mail without a top-level domain', 'para juan@gmail', 'para [correo]'],
    ['a user named in a sentence', 'usuario: Juan Pérez González', 'usuario: [oculto]'],
    [
      'a patient named after a word',
      'falló la paciente Juan Pérez González al pagar',
      'falló la paciente [nombre] al pagar',
    ],
    [
      'a street address',
      'no encontramos Avenida Apoquindo 4500, Las Condes',
      'no encontramos [dirección], Las Condes',
    ],
    ['a street with a short word', 'ir a calle Los Leones 123 depto', 'ir a [dirección] depto'],
    ['a pw', 'login pw=hunter2&x=1', 'login pw=[oculto]&x=1'],
    ['a secret said in Spanish', 'mi clave es hunter2 gracias', 'mi clave es [oculto] gracias'],
    ['a password said in English', 'password is hunter2', 'password is [oculto]'],
    ['a cvv said', 'pagué con cvv 123 y falló', 'pagué con cvv [oculto] y falló'],
    ['a digit-free token', 'sesión kQzXbTpLmWnRvYsHgJdFcBaE vencida', 'sesión [token] vencida'],
    ['a name in code', 'at handleSubmitPaymentForm (x.js)', 'at handleSubmitPaymentForm (x.js)'],
  ])('redactText masks %s', (_case, text, expected) => {
    expect(redactText(text)).toBe(expected);
  });
});

describe.each(TEST_ENGINES)('without ERROR_TRACKER_URL on $name', (engine) => {
  it('logs only, and still answers 202', async () => {
    const t = await createTestApp(engine, { seed: false });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: URL_PATH,
        payload: { origin: 'sector-lookup', message: 'sin respuesta', status: 0 },
      });
      expect(response.statusCode).toBe(202);
    } finally {
      await t.close();
    }
  });
});
