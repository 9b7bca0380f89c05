import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

const [engine] = TEST_ENGINES;
if (!engine) throw new Error('no test engine');

describe('the demo staff client has patients to select', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  const search = async (text: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/alliances/clients/demo-laas/patients/?search=${encodeURIComponent(text)}`,
      headers: { authorization: 'Bearer demo-laas-token' },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { results: Array<{ patient: { first_name: string } }> }).results.map(
      (entry) => entry.patient.first_name,
    );
  };

  it.each([
    ['rojas', ['Camila']],
    ['NUNEZ', ['Ignacio']],
    ['16543210-k', ['Camila']],
    ['araya', ['Valentina']],
  ])('finds %s', async (text, names) => {
    expect(await search(text)).toEqual(names);
  });
});
