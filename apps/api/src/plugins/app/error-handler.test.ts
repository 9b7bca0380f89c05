import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import errorHandler from './error-handler.ts';

async function appWithRoutes() {
  const app = Fastify({ logger: false, bodyLimit: 1024 }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandler);
  app.get('/boom', async () => {
    throw new Error('secret detail: password=hunter2 at /srv/app.ts:42');
  });
  app.get('/teapot', async () => {
    throw new AppError(409, 'block-taken', 'Ese horario ya no está disponible.');
  });
  app.post(
    '/echo',
    { schema: { body: z.object({ amount: z.number().int().min(1, 'debe ser mayor que 0') }) } },
    async (request) => request.body,
  );
  await app.ready();
  return app;
}

describe('the one error handler', () => {
  it('hides every detail of an unexpected error behind a 500 {err, msg}', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ err: 'internal-error', msg: 'Ha ocurrido un error inesperado' });
    expect(response.body).not.toMatch(/hunter2|stack|\.ts/);
  });

  it('answers an AppError with its own status, slug and text', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: 'GET', url: '/teapot' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ err: 'block-taken', msg: 'Ese horario ya no está disponible.' });
  });

  it('names the field of a body that fails validation', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: 'POST', url: '/echo', payload: { amount: -5 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ err: 'invalid-request', msg: 'amount: debe ser mayor que 0' });
  });

  it.each([
    ['malformed JSON', '{"amount":', 'application/json', 400, 'invalid-json'],
    [
      'an unsupported content type',
      'amount=1',
      'application/x-www-form-urlencoded',
      415,
      'unsupported-media-type',
    ],
    [
      'a body over the limit',
      JSON.stringify({ amount: 1, pad: 'x'.repeat(5000) }),
      'application/json',
      413,
      'payload-too-large',
    ],
  ])('answers %s with a clean {err, msg}', async (_case, payload, contentType, status, err) => {
    const app = await appWithRoutes();
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      payload,
      headers: { 'content-type': contentType },
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ err, msg: expect.any(String) });
  });

  it('answers an unknown route with a 404 {err, msg}', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ err: 'not-found', msg: 'El recurso solicitado no existe.' });
  });
});

describe('errors raised before any route runs', () => {
  it('answers a path parameter beyond the router limit with {err, msg}', async () => {
    const { TEST_ENGINES } = await import('../../test-support/databases.ts');
    const { createTestApp } = await import('../../test-support/test-app.ts');
    const [engine] = TEST_ENGINES;
    if (!engine) throw new Error('no engine');
    const t = await createTestApp(engine, { seed: false });
    try {
      const response = await t.app.inject({ method: 'GET', url: `/api/v2/appointments/${'a'.repeat(150)}/` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        err: 'invalid-request',
        msg: 'La dirección de la solicitud no es válida.',
      });
      const encoded = await t.app.inject({ method: 'GET', url: '/api/v2/appointments/%E0%A4%A/' });
      expect(encoded.statusCode).toBe(400);
      expect(encoded.json()).toEqual({ err: 'invalid-request', msg: expect.any(String) });
    } finally {
      await t.close();
    }
  });

  it('speaks Spanish in validation messages', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: 'POST', url: '/echo', payload: { amount: 'mucho' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/^amount: .*(esperado|Entrada inválida)/i);
  });
});
