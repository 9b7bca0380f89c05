import { geocodeAnswerSchema, autocompleteAnswerSchema } from '@visita/domain/contract/places';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOGLE_AUTOCOMPLETE_CL,
  GOOGLE_DENIED,
  GOOGLE_GEOCODE_CL,
  GOOGLE_ZERO_RESULTS,
  NOMINATIM_SEARCH_CL,
  recordedFetch,
} from '../../adapters/geocoders/recorded-answers.ts';
import type { FetchLike } from '../../adapters/geocoders/remote-support.ts';
import { loadConfig } from '../../config.ts';
import errorHandler from '../../plugins/app/error-handler.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import geocodingRoutes, { GEOCODER_UNAVAILABLE_MSG } from './routes.ts';

const DEMO_ADDRESSES = [
  ['Avenida Apoquindo 4500, Las Condes', 'cl', 'Las Condes'],
  ['Avenida Providencia 1208, Providencia', 'cl', 'Providencia'],
  ['Avenida Irarrázaval 3000, Ñuñoa', 'cl', 'Ñuñoa'],
  ['Calle Balmaceda 100, Talagante', 'cl', 'Talagante'],
  ['Avenida Grecia 1000, Antofagasta', 'cl', 'Antofagasta'],
  ['Avenida Insurgentes Sur 1000, Benito Juárez, Ciudad de México', 'mx', 'Benito Juárez'],
] as const;

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe.each(TEST_ENGINES)('places calls with the local geocoder on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false });
  });
  afterAll(() => t?.close());

  const get = (path: 'autocomplete' | 'geocode', params: Record<string, string> | string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v2/places/${path}/?${typeof params === 'string' ? params : query(params)}`,
    });

  it.each(DEMO_ADDRESSES)(
    'suggests %s and geocodes the suggestion to its candidate',
    async (input, country, commune) => {
      const suggested = await get('autocomplete', { input, country });
      expect(suggested.statusCode).toBe(200);
      const suggestions = autocompleteAnswerSchema.parse(suggested.json()).results;
      expect(suggestions).toHaveLength(1);
      const [suggestion] = suggestions;
      expect(suggestion?.structured_formatting.main_text).toMatch(/\d/);
      const geocoded = await get('geocode', { place_id: suggestion?.place_id ?? '', country });
      expect(geocoded.statusCode).toBe(200);
      const { results } = geocodeAnswerSchema.parse(geocoded.json());
      expect(results).toHaveLength(1);
      expect(results[0]).toMatchObject({ commune, street_number: expect.stringMatching(/^\d+$/) });
      expect(results[0]?.latitude).toEqual(expect.any(Number));
      // The typed text gives the same candidate.
      expect((await get('geocode', { address: input, country })).json()).toEqual(geocoded.json());
    },
  );

  it('accepts the country written as documented', async () => {
    const response = await get('autocomplete', {
      input: 'Avenida Apoquindo 4500, Las Condes',
      country: 'Chile',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toHaveLength(1);
  });

  it('answers an empty list when nothing matches', async () => {
    const response = await get('autocomplete', { input: 'Calle Falsa 123, Springfield', country: 'cl' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ results: [] });
  });

  it.each([
    ['cl', 'Avenida Apoquindo 4500', 'Las Condes', 'Avenida Apoquindo'],
    ['mx', 'Avenida Insurgentes Sur 1000', 'Benito Juárez', 'Avenida Insurgentes Sur'],
  ])(
    'offers a street typed without its commune in several communes, each geocoding to its own (%s)',
    async (country, input, commune, street) => {
      const suggested = await get('autocomplete', { input, country });
      expect(suggested.statusCode).toBe(200);
      const suggestions = autocompleteAnswerSchema.parse(suggested.json()).results;
      expect(suggestions.length).toBeGreaterThan(1);
      for (const suggestion of suggestions) expect(suggestion.structured_formatting.main_text).toBe(input);
      const inCommune = suggestions.find((suggestion) =>
        suggestion.description.startsWith(`${input}, ${commune},`),
      );
      expect(inCommune).toBeDefined();
      const geocoded = await get('geocode', { place_id: inCommune?.place_id ?? '', country });
      expect(geocodeAnswerSchema.parse(geocoded.json()).results).toEqual([
        expect.objectContaining({ street, commune }),
      ]);
    },
  );

  it.each([
    ['a missing input', 'country=cl', /input/],
    ['an empty input', 'input=&country=cl', /input/],
    ['a blank input', 'input=%20%20&country=cl', /input/],
    [
      'an input over 200 characters',
      query({ input: `Avenida ${'a'.repeat(200)} 1`, country: 'cl' }),
      /input.*200/,
    ],
    ['a missing country', query({ input: 'Apoquindo 4500' }), /country/],
    ['an unknown country', query({ input: 'Apoquindo 4500', country: 'ar' }), /country/],
    ['a script tag', query({ input: '<script>alert(1)</script> 1', country: 'cl' }), /input/],
    ['an SQL fragment', query({ input: "Apoquindo 4500'; DROP TABLE clients; --", country: 'cl' }), /input/],
    ['an SQL tautology', query({ input: "1' OR '1'='1", country: 'cl' }), /input/],
    ['a right-to-left override', query({ input: 'Apoquindo \u202e0054', country: 'cl' }), /input/],
    ['a control character', query({ input: 'Apoquindo\u0000 4500', country: 'cl' }), /input/],
    ['an emoji', query({ input: 'Apoquindo 4500 💉', country: 'cl' }), /input/],
  ])('autocomplete answers 400 {err, msg} in Spanish for %s', async (_case, params, field) => {
    const response = await get('autocomplete', params);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toEqual({ err: 'invalid-request', msg: expect.stringMatching(field) });
    expect(response.body).not.toContain('<script>');
  });

  it.each([
    ['neither place_id nor address', 'country=cl', /place_id/],
    ['an unknown country', query({ address: 'Apoquindo 4500, Las Condes', country: 'xx' }), /country/],
    ['a place_id with odd characters', query({ place_id: "abc' OR 1=1", country: 'cl' }), /place_id/],
    ['a place_id too long', query({ place_id: 'a'.repeat(600), country: 'cl' }), /place_id/],
    ['an address with markup', query({ address: '<b>Apoquindo</b> 4500', country: 'cl' }), /address/],
  ])('geocode answers 400 {err, msg} for %s', async (_case, params, field) => {
    const response = await get('geocode', params);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ err: 'invalid-request', msg: expect.stringMatching(field) });
  });

  it.each([
    ['a place_id the local geocoder never issued', 'ChIJ0wN8mVnPYpYRVYXQ1K8G4_g'],
    ['a tampered local place_id', 'lcl1_eyJjIjoiY2wiLCJrIjoiOTk5OTkiLCJzIjoiWCAxIn0'],
  ])('geocode answers 400 invalid-place-id for %s', async (_case, placeId) => {
    const response = await get('geocode', { place_id: placeId, country: 'cl' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      err: 'invalid-place-id',
      msg: 'El identificador de lugar (place_id) no es válido.',
    });
  });

  it('reads decomposed accents as the same text (unicode normalisation)', async () => {
    const response = await get('geocode', {
      address: 'Avenida Irarrázaval 3000, Ñuñoa'.normalize('NFD'),
      country: 'cl',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().results[0]).toMatchObject({ commune: 'Ñuñoa', street: 'Avenida Irarrázaval' });
  });
});

/** The routes alone with a remote geocoder answering from recorded answers. */
async function remoteApp(env: Record<string, string>, fetchImpl: FetchLike): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', loadConfig({ SEED: 'none', DATA_DIR: '/tmp/visita-test-unused', ...env }));
  await app.register(errorHandler);
  await app.register(geocodingRoutes, { prefix: '/api', fetchImpl });
  await app.ready();
  return app;
}

const GOOGLE_ENV = { GEOCODER: 'google', GOOGLE_MAPS_API_KEY: 'secret-maps-key' };
const NOMINATIM_ENV = { GEOCODER: 'nominatim', NOMINATIM_URL: 'https://nominatim.example.org' };
const networkDown = (async () => {
  throw new TypeError('fetch failed: getaddrinfo ENOTFOUND maps.googleapis.com');
}) as FetchLike;

describe('places calls with a remote geocoder', () => {
  it('serves Google suggestions and candidates without ever showing the key', async () => {
    const { fetchImpl } = recordedFetch((url) => ({
      body: url.pathname.includes('autocomplete') ? GOOGLE_AUTOCOMPLETE_CL : GOOGLE_GEOCODE_CL,
    }));
    const app = await remoteApp(GOOGLE_ENV, fetchImpl);
    const suggested = await app.inject({
      url: `/api/v2/places/autocomplete/?${query({ input: 'Apoquindo 4500', country: 'cl' })}`,
    });
    expect(suggested.statusCode).toBe(200);
    expect(suggested.json().results[0].structured_formatting.secondary_text).toBe('Las Condes, Chile');
    const geocoded = await app.inject({
      url: `/api/v2/places/geocode/?${query({ place_id: 'ChIJ0wN8mVnPYpYRVYXQ1K8G4_g', country: 'cl' })}`,
    });
    expect(geocoded.json().results[0]).toMatchObject({
      commune: 'Las Condes',
      region: 'Región Metropolitana de Santiago',
      street_number: '4500',
    });
    expect(suggested.body + geocoded.body).not.toContain('secret-maps-key');
    await app.close();
  });

  it('serves Nominatim candidates', async () => {
    const { fetchImpl } = recordedFetch(() => ({ body: NOMINATIM_SEARCH_CL }));
    const app = await remoteApp(NOMINATIM_ENV, fetchImpl);
    const response = await app.inject({
      url: `/api/v2/places/geocode/?${query({ address: 'Avenida Apoquindo 4500, Las Condes', country: 'cl' })}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().results[0]).toMatchObject({ commune: 'Las Condes', street_number: '4500' });
    await app.close();
  });

  it('answers zero results as an empty list', async () => {
    const app = await remoteApp(GOOGLE_ENV, recordedFetch(() => ({ body: GOOGLE_ZERO_RESULTS })).fetchImpl);
    const response = await app.inject({
      url: `/api/v2/places/autocomplete/?${query({ input: 'Nada 1', country: 'cl' })}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ results: [] });
    await app.close();
  });

  it.each([
    ['Google with the network down', GOOGLE_ENV, networkDown],
    ['Google refusing the key', GOOGLE_ENV, recordedFetch(() => ({ body: GOOGLE_DENIED })).fetchImpl],
    ['Google answering 500', GOOGLE_ENV, recordedFetch(() => ({ status: 500, body: 'oops' })).fetchImpl],
    ['Nominatim with the network down', NOMINATIM_ENV, networkDown],
    [
      'Nominatim answering an error object',
      NOMINATIM_ENV,
      recordedFetch(() => ({ body: { error: 'Bad request' } })).fetchImpl,
    ],
  ])('answers a clean 502 {err, msg} for %s, never a 500 with details', async (_case, env, fetchImpl) => {
    const app = await remoteApp(env, fetchImpl);
    for (const url of [
      `/api/v2/places/autocomplete/?${query({ input: 'Apoquindo 4500', country: 'cl' })}`,
      `/api/v2/places/geocode/?${query({ address: 'Apoquindo 4500, Las Condes', country: 'cl' })}`,
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ err: 'geocoder-unavailable', msg: GEOCODER_UNAVAILABLE_MSG });
      expect(response.body).not.toMatch(/secret-maps-key|ENOTFOUND|REQUEST_DENIED|fetch failed/);
    }
    await app.close();
  });
});
