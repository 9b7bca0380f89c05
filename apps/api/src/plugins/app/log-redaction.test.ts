import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LOG_REDACT_CENSOR, LOG_REDACT_PATHS, redactUrl, serializeRequest } from './log-redaction.ts';

const PATIENT = {
  first_name: 'Catalina',
  second_name: 'Ignacia',
  last_name: 'Valenzuela',
  second_last_name: 'Araya',
  email: 'catalina.valenzuela@correo.cl',
  phone: '+56998877665',
  date_of_birth: '1977-12-03',
  document_number: '15.678.234-3',
};
const SECRETS = [...Object.values(PATIENT), 'token-secreto-de-la-cita', 'Bearer demo-laas-token'];

/** A logger built the way app.ts will build it, writing into a string. */
function capture() {
  let output = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      output += String(chunk);
      done();
    },
  });
  const app = Fastify({
    logger: {
      level: 'info',
      stream,
      redact: { paths: [...LOG_REDACT_PATHS], censor: LOG_REDACT_CENSOR },
      serializers: { req: serializeRequest },
    },
  });
  return { log: app.log, output: () => output, app };
}

describe('log redaction', () => {
  it('prints none of a patient’s values, in any shape a log line carries them', async () => {
    const { log, output, app } = capture();
    log.info({ body: { patient: PATIENT } }, 'client patient');
    log.info({ body: { ...PATIENT, rut: PATIENT.document_number, identifier: PATIENT.document_number } });
    log.info({ req: { body: { patients: [PATIENT, PATIENT] } } }, 'finalize');
    log.info({ query: { rut: PATIENT.document_number, identifier: PATIENT.document_number } });
    log.info({
      headers: { authorization: 'Bearer demo-laas-token', 'x-appointment-token': 'token-secreto-de-la-cita' },
    });
    log.info({ request: { body: { patients: [{ patient: PATIENT }] } } });
    await app.close();
    const text = output();
    expect(text).toContain(LOG_REDACT_CENSOR);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });

  it('prints none of the console’s sign-in secrets: passwords, TOTP codes, reset tokens', async () => {
    const { log, output, app } = capture();
    const secrets = ['clave-actual-secreta', 'clave-nueva-secreta', '493027', 'token-de-restablecimiento'];
    log.info({ body: { email: 'a@b.cl', password: secrets[0] } }, 'login');
    log.info({ req: { body: { current_password: secrets[0], new_password: secrets[1] } } }, 'change');
    log.info({ request: { body: { code: secrets[2] } } }, 'totp');
    log.info({ body: { token: secrets[3], password: secrets[1] } }, 'reset');
    await app.close();
    const text = output();
    expect(text).toContain(LOG_REDACT_CENSOR);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it('masks patient data in a logged request URL', async () => {
    const { output, app } = capture();
    app.get('/users/find_by_identifier/', async () => ({ ok: true }));
    await app.inject({
      method: 'GET',
      url: `/users/find_by_identifier/?identifier=${encodeURIComponent(PATIENT.document_number)}&x=1`,
      headers: { authorization: 'Bearer demo-laas-token', 'x-appointment-token': 'token-secreto-de-la-cita' },
    });
    await app.close();
    const text = output();
    expect(text).toContain('identifier=[oculto]');
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });

  it('masks a token sent in the query in the logged request URL', async () => {
    const { output, app } = capture();
    app.get('/demo', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/demo?token=token-secreto-en-la-url&client=demo' });
    await app.close();
    const text = output();
    expect(text).toContain('token=[oculto]&client=demo');
    expect(text).not.toContain('token-secreto-en-la-url');
  });

  it.each([
    ['/v2/caja-los-andes/rut-status/?rut=11.111.111-1', '/v2/caja-los-andes/rut-status/?rut=[oculto]'],
    ['/x/?item=vacuna&rut=1&source=caja', '/x/?item=vacuna&rut=[oculto]&source=caja'],
    ['/x/?%E0%A4%A=1', '/x/?%E0%A4%A=[oculto]'],
    ['/demo?token=s3cr3t&client=demo', '/demo?token=[oculto]&client=demo'],
    ['/x/?Token=a&access_token=b&api_token=c', '/x/?Token=[oculto]&access_token=[oculto]&api_token=[oculto]'],
    ['/x/?%74oken=a', '/x/?%74oken=[oculto]'],
    // Console searches, typed addresses and their points, identifiers under any spelling, and
    // any parameter nobody listed as safe.
    [
      '/api/console/appointments?q=11.111.111-1&status=confirmed&limit=20',
      '/api/console/appointments?q=[oculto]&status=confirmed&limit=20',
    ],
    [
      '/api/places/autocomplete/?input=Avenida%20Apoquindo%204500&country=cl',
      '/api/places/autocomplete/?input=[oculto]&country=cl',
    ],
    ['/api/x/?lat=-33.41&lng=-70.57&place_id=abc', '/api/x/?lat=[oculto]&lng=[oculto]&place_id=[oculto]'],
    ['/u/?identifier%00=11111111-1', '/u/?identifier%00=[oculto]'],
    [
      '/u/?IDENTIFIER=1&rut%20=2&nuevo=juan%40correo.cl',
      '/u/?IDENTIFIER=[oculto]&rut%20=[oculto]&nuevo=[oculto]',
    ],
    ['/u/?juan%40correo.cl', '/u/?[oculto]'],
    ['/x/', '/x/'],
  ])('redactUrl(%s)', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
