import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { insertTestCatalogue, T } from '../pricing/test-fixtures.ts';

describe.each(TEST_ENGINES)('GET /api/v2/coupons/validate/ on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertTestCatalogue(t.testDb.database.db);
  });
  afterAll(() => t?.close());

  const validate = async (params: Record<string, string | string[]>) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      for (const entry of Array.isArray(value) ? value : [value]) query.append(key, entry);
    }
    return t.app.inject({ method: 'GET', url: `/api/v2/coupons/validate/?${query}` });
  };
  const statusOf = async (params: Record<string, string | string[]>) => {
    const response = await validate({
      country: 'cl',
      source: 'marketplace',
      items: `${T.glicemia}`,
      ...params,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().status;
  };

  it.each([
    ['BIENVENIDA10', 'valid'],
    ['EXPIRADO', 'expired'],
    ['USADO', 'already_used'],
    ['AGOTADO', 'no_uses'],
    ['NOEXISTE', 'invalid'],
    ['PRUEBAAPAGADO', 'invalid'],
    ['PRUEBAFUTURO', 'invalid'],
  ])('DESIGN and test coupon %s is %s', async (coupon, status) => {
    expect(await statusOf({ coupon })).toBe(status);
  });

  it('upper-cases and trims the code', async () => {
    expect(await statusOf({ coupon: '  bienvenida10 ' })).toBe('valid');
    expect(await statusOf({ coupon: 'Usado' })).toBe('already_used');
  });

  it('restricts by sales source: CLAMESDELCORAZON only for clinicaalemana', async () => {
    expect(await statusOf({ coupon: 'CLAMESDELCORAZON', source: 'clinicaalemana' })).toBe('valid');
    expect(await statusOf({ coupon: 'CLAMESDELCORAZON', source: 'marketplace' })).toBe('invalid');
    expect(await statusOf({ coupon: 'CLAMESDELCORAZON', source: '' })).toBe('invalid');
    const noSource = await validate({ country: 'cl', coupon: 'CLAMESDELCORAZON', items: `${T.glicemia}` });
    expect(noSource.json()).toEqual({ status: 'invalid' });
  });

  it('restricts by country', async () => {
    expect(await statusOf({ coupon: 'PRUEBAMX', country: 'mx' })).toBe('valid');
    expect(await statusOf({ coupon: 'PRUEBAMX', country: 'cl' })).toBe('invalid');
    expect(await statusOf({ coupon: 'CLAMESDELCORAZON', source: 'clinicaalemana', country: 'mx' })).toBe(
      'invalid',
    );
  });

  it('restricts by items: valid when the cart holds one of the coupon items (comma list or repeated)', async () => {
    expect(await statusOf({ coupon: 'PRUEBAITEM', items: `${T.hemograma},${T.glicemia}` })).toBe('valid');
    expect(await statusOf({ coupon: 'PRUEBAITEM', items: [`${T.hemograma}`, `${T.glicemia}`] })).toBe(
      'valid',
    );
    expect(await statusOf({ coupon: 'PRUEBAITEM', items: `${T.hemograma}` })).toBe('invalid');
    expect(await statusOf({ coupon: 'PRUEBAITEM', items: [] })).toBe('invalid');
    expect(await statusOf({ coupon: 'PRUEBAITEM', items: 'abc,-3' })).toBe('invalid');
    // A coupon naming no items ignores what the cart holds.
    expect(await statusOf({ coupon: 'BIENVENIDA10', items: [] })).toBe('valid');
  });

  it.each([
    ['SQL', "X' OR '1'='1"],
    ['SQL with a comment', "BIENVENIDA10'; DROP TABLE coupons; --"],
    ['a script tag', '<script>alert(1)</script>'],
    ['an emoji and a direction override', '💉\u202eBIENVENIDA10'],
    ['a NUL', 'BIEN\u0000VENIDA10'],
    ['a lone surrogate', 'a\ud800'],
    ['a German sharp s', 'straße'],
  ])('answers a code with %s as invalid', async (_case, coupon) => {
    const response = await validate({ country: 'cl', coupon, items: `${T.glicemia}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'invalid' });
    expect(response.body).not.toContain('<script>');
  });

  it.each([
    ['no coupon', { country: 'cl' }],
    ['a blank coupon', { country: 'cl', coupon: '   ' }],
    ['a coupon over 100 characters', { country: 'cl', coupon: 'A'.repeat(101) }],
    ['no country', { coupon: 'BIENVENIDA10' }],
    ['an unknown country', { coupon: 'BIENVENIDA10', country: 'Chile' }],
    [
      '201 items',
      {
        coupon: 'BIENVENIDA10',
        country: 'cl',
        items: Array.from({ length: 201 }, (_, i) => `${i + 1}`).join(','),
      },
    ],
  ])('answers %s with a Spanish 400 {err, msg}', async (_case, params) => {
    const response = await validate(params);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toEqual({ err: 'invalid-request', msg: expect.any(String) });
    expect(body.msg).not.toMatch(/\b(expected|Invalid|received)\b/);
  });
});

describe.each(TEST_ENGINES)('GET /api/referrals/alliance/ on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/referrals/alliance/${query}` });

  it("answers clinicaalemana's referral code first, which validates for it", async () => {
    const response = await get('?alliance=clinicaalemana');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ referral_code: 'CLAMESDELCORAZON' }]);
  });

  it.each(['marketplace', 'no-existe', "x' OR '1'='1", '%3Cscript%3E'])(
    'answers an empty list for %s',
    async (alliance) => {
      const response = await get(`?alliance=${alliance}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    },
  );

  it.each([
    ['no alliance', ''],
    ['a blank alliance', '?alliance=%20'],
    ['a NUL', '?alliance=a%00b'],
    ['an alliance over 100 characters', `?alliance=${'a'.repeat(101)}`],
  ])('answers %s with 400 {err, msg}', async (_case, query) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ err: 'invalid-request', msg: expect.any(String) });
  });
});
