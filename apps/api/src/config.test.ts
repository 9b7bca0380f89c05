import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env, '/srv/visita');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('configuration from the environment', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({}, '/srv/visita');
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: '/srv/visita/data',
      GEOCODER: 'local',
      PAYMENTS: 'sandbox',
      STORAGE: 'fs',
      SEED: 'demo',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.LAAS_HOSTS).toEqual(['console.localhost:3000']);
  });

  it('reads good values, resolving DATA_DIR against the working directory', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        DATA_DIR: 'var/db',
        DATABASE_URL: 'postgres://visita:secret@db:5432/visita',
        GEOCODER: 'nominatim',
        NOMINATIM_URL: 'https://nominatim.example.org',
        LAAS_HOSTS: 'staff.example.cl, consola.example.mx',
        SEED: 'none',
      },
      '/srv/visita',
    );
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR).toBe('/srv/visita/var/db');
    expect(config.DATABASE_URL).toBe('postgres://visita:secret@db:5432/visita');
    expect(config.GEOCODER).toBe('nominatim');
    expect(config.LAAS_HOSTS).toEqual(['staff.example.cl', 'consola.example.mx']);
    expect(config.SEED).toBe('none');
  });

  it('takes PostgreSQL on its Unix socket in the form node-postgres reads', () => {
    const socket = 'postgresql:///visita?host=%2Fvar%2Frun%2Fpostgresql&port=5432&user=visita';
    expect(loadConfig({ DATABASE_URL: socket }).DATABASE_URL).toBe(socket);
  });

  it('keeps an absolute DATA_DIR and treats empty values as unset', () => {
    const config = loadConfig({ DATA_DIR: '/var/lib/visita', PORT: '', DATABASE_URL: '' }, '/srv');
    expect(config.DATA_DIR).toBe('/var/lib/visita');
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT="abc"'],
    [{ PORT: '70000' }, 'PORT="70000"'],
    [{ PORT: '30.5' }, 'PORT="30.5"'],
    [{ DATABASE_URL: 'mysql://x@y/z' }, 'DATABASE_URL="mysql://x@y/z"'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL="not a url"'],
    [{ GEOCODER: 'bing' }, 'GEOCODER="bing"'],
    [{ PAYMENTS: 'paypal' }, 'PAYMENTS="paypal"'],
    [{ STORAGE: 'ftp' }, 'STORAGE="ftp"'],
    [{ SEED: 'all' }, 'SEED="all"'],
    [{ GEOCODER: 'google' }, 'GOOGLE_MAPS_API_KEY'],
    [{ GEOCODER: 'nominatim', NOMINATIM_URL: 'ftp://x' }, 'NOMINATIM_URL="ftp://x"'],
  ])('reports %o by name', (env, name) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(name);
  });

  it('reports every bad value at once, not only the first', () => {
    const problems = problemsOf({ PORT: '-1', GEOCODER: 'x', PAYMENTS: 'mercadopago', STORAGE: 's3' });
    const names = problems.map((problem) => problem.split(/[=:]/)[0]);
    expect(names).toEqual(
      expect.arrayContaining([
        'PORT',
        'GEOCODER',
        'MP_ACCESS_TOKEN',
        'MP_PUBLIC_KEY_CL',
        'MP_PUBLIC_KEY_MX',
        'S3_BUCKET',
        'S3_ENDPOINT',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
      ]),
    );
    expect(new ConfigError(problems).message).toMatch(/^Configuración inválida:\n {2}- /);
  });

  it('bounds live holds at 3 per browser and 30 per address, unpaid confirmations at 5 and 50 a day, and half a sector-day', () => {
    const defaults = loadConfig({}, '/srv/visita');
    expect(defaults.HOLDS_PER_BROWSER).toBe(3);
    expect(defaults.HOLDS_PER_ADDRESS).toBe(30);
    expect(defaults.UNPAID_CONFIRMATIONS_PER_BROWSER_PER_DAY).toBe(5);
    expect(defaults.UNPAID_CONFIRMATIONS_PER_ADDRESS_PER_DAY).toBe(50);
    expect(defaults.ADDRESS_SHARE_OF_SECTOR_DAY).toBe(50);
    expect(problemsOf({ ADDRESS_SHARE_OF_SECTOR_DAY: '101' })).toEqual([
      'ADDRESS_SHARE_OF_SECTOR_DAY="101": debe estar entre 0 y 100 (0 lo desactiva)',
    ]);
    expect(loadConfig({ HOLDS_PER_ADDRESS: '0' }, '/srv/visita').HOLDS_PER_ADDRESS).toBe(0);
    expect(problemsOf({ HOLDS_PER_ADDRESS: '-1' })).toEqual([
      'HOLDS_PER_ADDRESS="-1": debe estar entre 0 y 1000 (0 lo desactiva)',
    ]);
    expect(problemsOf({ HOLDS_PER_ADDRESS: 'muchas' })).toEqual([
      'HOLDS_PER_ADDRESS="muchas": debe ser un número',
    ]);
  });

  it('keeps 10 PostgreSQL connections per process unless told, 1 to 200', () => {
    expect(loadConfig({}, '/srv/visita').DATABASE_POOL_SIZE).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }, '/srv/visita').DATABASE_POOL_SIZE).toBe(25);
    expect(problemsOf({ DATABASE_POOL_SIZE: '0' })).toEqual([
      'DATABASE_POOL_SIZE="0": debe estar entre 1 y 200',
    ]);
  });

  it('runs one worker unless told, and several only on PostgreSQL', () => {
    expect(loadConfig({}, '/srv/visita').WEB_CONCURRENCY).toBe(1);
    expect(
      loadConfig({ WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://db/visita' }, '/srv').WEB_CONCURRENCY,
    ).toBe(4);
    expect(problemsOf({ WEB_CONCURRENCY: '2' })).toEqual([
      'DATABASE_URL: es obligatoria con WEB_CONCURRENCY=2 (la base embebida es de un solo proceso)',
    ]);
    expect(problemsOf({ WEB_CONCURRENCY: '0' })[0]).toMatch(/^WEB_CONCURRENCY="0": debe estar entre 1 y 64/);
  });

  describe('in production (NODE_ENV=production)', () => {
    const strong = 'f3a9c1d7e5b2460a8c9d1e3f5a7b9c0d2e4f6a8b';
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://reservas.visita.cl',
      ADMIN_TOKEN: strong,
      CONSOLE_SECRET: `${strong}-console`,
      PAYMENTS: 'mercadopago',
      MP_ACCESS_TOKEN: 'APP_USR-token',
      MP_PUBLIC_KEY_CL: 'APP_USR-cl',
      MP_PUBLIC_KEY_MX: 'APP_USR-mx',
      MP_WEBHOOK_SECRET: `${strong}-mp`,
    };

    it('starts with no demo data unless told, and a complete setting passes', () => {
      expect(loadConfig(production, '/srv/visita').SEED).toBe('none');
      expect(loadConfig({ ...production, SEED: 'none' }, '/srv/visita').SEED).toBe('none');
      // Outside production the demo stays the default.
      expect(loadConfig({ NODE_ENV: 'development' }, '/srv/visita').SEED).toBe('demo');
    });

    it('refuses the demo seed, http, missing or weak secrets and simulated payments, each by its name', () => {
      const cases: Array<[Record<string, string>, string]> = [
        [{ SEED: 'demo' }, 'SEED="demo": no se permite con NODE_ENV=production'],
        [{ PUBLIC_URL: '' }, 'PUBLIC_URL: es obligatoria con NODE_ENV=production'],
        [
          { PUBLIC_URL: 'http://reservas.visita.cl' },
          'PUBLIC_URL="http://reservas.visita.cl": debe ser https',
        ],
        [{ ADMIN_TOKEN: '' }, 'ADMIN_TOKEN: es obligatoria con NODE_ENV=production'],
        [{ ADMIN_TOKEN: 'a'.repeat(40) }, 'ADMIN_TOKEN: es débil'],
        [{ ADMIN_TOKEN: 'abcd'.repeat(10) }, 'ADMIN_TOKEN: es débil'],
        [{ CONSOLE_SECRET: '' }, 'CONSOLE_SECRET: es obligatoria con NODE_ENV=production'],
        [{ PAYMENTS: 'sandbox' }, 'PAYMENTS: debe ser mercadopago con NODE_ENV=production'],
        [{ MP_WEBHOOK_SECRET: '' }, 'MP_WEBHOOK_SECRET: es obligatoria con NODE_ENV=production'],
        [{ WEBHOOK_ALLOW_PRIVATE: 'true' }, 'WEBHOOK_ALLOW_PRIVATE="true": no se permite'],
        [{ SANDBOX_CHARGE_DELAY_MS: '500' }, 'SANDBOX_CHARGE_DELAY_MS: no se permite'],
        [{ METRICS_TOKEN: 'm'.repeat(40) }, 'METRICS_TOKEN: es débil'],
      ];
      for (const [change, problem] of cases) {
        const problems = problemsOf({ ...production, ...change });
        expect(
          problems.some((text) => text.startsWith(problem)),
          `${JSON.stringify(change)}: ${problems.join(' | ')}`,
        ).toBe(true);
      }
      // Everything wrong at once is reported at once.
      const all = problemsOf({ NODE_ENV: 'production', SEED: 'demo' }).map((text) => text.split(/[=:]/)[0]);
      expect(all).toEqual(
        expect.arrayContaining(['SEED', 'PUBLIC_URL', 'ADMIN_TOKEN', 'CONSOLE_SECRET', 'PAYMENTS']),
      );
    });
  });
});
