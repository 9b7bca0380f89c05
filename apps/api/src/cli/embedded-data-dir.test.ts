import { describe, expect, it } from 'vitest';
import { embeddedDataDir } from './embedded-data-dir.ts';

describe('embeddedDataDir', () => {
  it('answers DATA_DIR, saying nothing, without DATABASE_URL', () => {
    const errs: string[] = [];
    expect(embeddedDataDir({ dataDir: '/var/lib/visita' }, 'no', { err: (line) => errs.push(line) })).toBe(
      '/var/lib/visita',
    );
    expect(errs).toEqual([]);
  });

  it("with DATABASE_URL answers null after the command's own words", () => {
    const errs: string[] = [];
    const settings = { dataDir: '/var/lib/visita', databaseUrl: 'postgres://visita@localhost/visita' };
    expect(embeddedDataDir(settings, 'Usa pg_dump.', { err: (line) => errs.push(line) })).toBeNull();
    expect(errs).toEqual(['Usa pg_dump.']);
  });
});
