import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { DEMO_SEEDS } from '../db/seed/demo.ts';
import { runSeeds } from '../db/seed/run-seeds.ts';
import { listAuditEntries } from '../modules/admin/partner-queries.ts';
import { findClientById } from '../modules/clients/queries.ts';
import { TEST_ENGINES, type TestDatabase } from '../test-support/databases.ts';
import { diffDocuments, runPartnerCli } from './partner.ts';

describe('a document diff', () => {
  it('names each changed leaf with its before and after', () => {
    expect(diffDocuments({ a: 1, b: { c: 'x', d: [1] } }, { a: 1, b: { c: 'y', d: [1, 2] } })).toEqual([
      'b.c: "x" → "y"',
      'b.d.1: (nada) → 2',
    ]);
  });
});

describe.each(TEST_ENGINES)('npm run partner on $name', (engine) => {
  let testDb: TestDatabase;
  let db: Db;
  let dir: string;
  beforeAll(async () => {
    testDb = await engine.create();
    await testDb.database.migrate();
    db = testDb.database.db;
    await runSeeds(db, DEMO_SEEDS);
    dir = await mkdtemp(join(tmpdir(), 'visita-partner-cli-'));
  }, 60_000);
  afterAll(async () => {
    await testDb?.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  const run = async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const result = await runPartnerCli(
      db,
      args,
      { out: (l) => out.push(l), err: (l) => err.push(l) },
      'cli:test',
    );
    return { ...result, out, err };
  };

  it('exports a partner as JSON that imports back with no change', async () => {
    const exported = await run('export', 'clinicaalemana');
    expect(exported.code).toBe(0);
    const document = JSON.parse(exported.out.join('\n'));
    expect(document).toMatchObject({ id: 'clinicaalemana', country: 'cl', sales_source: 'clinicaalemana' });
    expect(document.profile.rules.exams_paid_at_home).toBe(true);
    const file = join(dir, 'clinica.json');
    await writeFile(file, JSON.stringify(document));
    const again = await run('import', file);
    expect(again.code).toBe(0);
    expect(again.out).toEqual(['Socio clinicaalemana: 0 cambio(s)', 'Nada que guardar.']);
  });

  it('shows the differences on --dry-run and writes nothing; without it writes them and audits', async () => {
    const document = JSON.parse((await run('export', 'confuturo')).out.join('\n'));
    document.name = 'Confuturo Seguros';
    document.profile.rules.origin_other = false;
    const file = join(dir, 'confuturo.json');
    await writeFile(file, JSON.stringify(document));

    const dry = await run('import', file, '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('  name: "Confuturo" → "Confuturo Seguros"');
    expect(dry.out).toContain('  profile.rules.origin_other: true → false');
    expect(dry.out.at(-1)).toBe('Sin guardar (--dry-run).');
    expect((await findClientById(db, 'confuturo'))?.name).toBe('Confuturo');

    const wet = await run('import', file);
    expect(wet).toMatchObject({ code: 0, changedId: 'confuturo' });
    expect((await findClientById(db, 'confuturo'))?.name).toBe('Confuturo Seguros');
    const [entry] = await listAuditEntries(db, { partnerId: 'confuturo', limit: 1 });
    expect(entry).toMatchObject({ actor: 'cli:test', action: 'partner.updated' });
  });

  it('creates a partner from a file', async () => {
    const file = join(dir, 'nuevo.json');
    await writeFile(
      file,
      JSON.stringify({
        id: 'laboratorio-sur',
        name: 'Laboratorio Sur',
        country: 'cl',
        sales_source: 'marketplace',
      }),
    );
    const created = await run('import', file);
    expect(created.code).toBe(0);
    expect(created.out[0]).toBe('Socio nuevo laboratorio-sur');
    expect((await findClientById(db, 'laboratorio-sur'))?.name).toBe('Laboratorio Sur');
  });

  it.each([
    ['a file that is not JSON', '{ nope', /no es un JSON válido \(línea 1, columna 3\)\.$/],
    [
      'a name with a line break',
      JSON.stringify({ id: 'lab-malo', name: 'Lab\nMalo', country: 'cl', sales_source: 'x' }),
      /^name: No puede tener saltos de línea/,
    ],
    [
      'a name with a right-to-left override',
      JSON.stringify({ id: 'lab-malo', name: 'Lab \u202eolaM', country: 'cl', sales_source: 'x' }),
      /^name: No puede tener saltos de línea, caracteres de control o invisibles/,
    ],
    [
      'an id with a slash',
      JSON.stringify({ id: 'a/b', name: 'X', country: 'cl', sales_source: 'x' }),
      /^id: /,
    ],
    [
      'a profile rule of the wrong type',
      JSON.stringify({
        id: 'lab-malo',
        name: 'X',
        country: 'cl',
        sales_source: 'x',
        profile: { rules: { loader_image: 'sí' } },
      }),
      /^profile\.rules\.loader_image: /,
    ],
  ])('refuses %s with the reason in Spanish, writing nothing', async (_case, content, reason) => {
    const file = join(dir, 'malo.json');
    await writeFile(file, content);
    const result = await run('import', file);
    expect(result.code).toBe(1);
    expect(result.err.join('\n')).toMatch(reason);
    // Spanish, not the validator's English.
    expect(result.err.join('\n')).not.toMatch(/\b(Invalid|expected|received)\b/);
    expect(await findClientById(db, 'lab-malo')).toBeUndefined();
  });

  it('refuses a rule of the whole sales source that reaches other partners, unless --confirm-source-rules names them', async () => {
    const partner = (id: string, rules: Record<string, unknown> = {}) => ({
      id,
      name: `Socio ${id}`,
      country: 'cl',
      sales_source: 'fuente-cli',
      profile: { rules },
    });
    for (const id of ['cli-a', 'cli-b']) {
      const file = join(dir, `${id}.json`);
      await writeFile(file, JSON.stringify(partner(id)));
      expect((await run('import', file)).code).toBe(0);
    }
    const file = join(dir, 'cli-a-paga-en-casa.json');
    await writeFile(file, JSON.stringify(partner('cli-a', { exams_paid_at_home: true })));
    const reason =
      'source-rules-unconfirmed: Esta regla (exams_paid_at_home) se aplica a toda la fuente de venta ' +
      'fuente-cli: afecta también a cli-b. Confírmalo indicando esos socios.';

    const refused = await run('import', file);
    expect(refused).toMatchObject({ code: 1, changedId: null, err: [reason] });
    expect((await run('import', file, '--dry-run')).err).toEqual([reason]);
    expect((await run('import', file, '--confirm-source-rules', 'cli-b,demo')).code).toBe(1);
    expect((await run('import', file, '--confirm-source-rules')).code).toBe(2);
    expect((await findClientById(db, 'cli-a'))?.profile).not.toMatchObject({
      rules: { exams_paid_at_home: true },
    });

    const confirmed = await run('import', file, '--confirm-source-rules', 'cli-b');
    expect(confirmed, confirmed.err.join('\n')).toMatchObject({ code: 0, changedId: 'cli-a' });
    expect((await findClientById(db, 'cli-a'))?.profile).toMatchObject({
      rules: { exams_paid_at_home: true },
    });
    const [entry] = await listAuditEntries(db, { partnerId: 'cli-a', limit: 1 });
    expect(entry?.after).toMatchObject({ source_rules_confirmed_for: ['cli-b'] });
  });

  it('never prints what a file it cannot use holds, even through a symlink', async () => {
    const secret = join(dir, 'secreto.txt');
    await writeFile(secret, 'root:x:0:0:root:/root:/bin/bash\nclave=hunter2\n');
    const link = join(dir, 'parece-un-socio.json');
    await symlink(secret, link);
    const result = await run('import', link);
    expect(result.code).toBe(1);
    expect(result.err).toEqual([`${link} no es un JSON válido.`]);
    expect(result.err.join('\n')).not.toMatch(/root|hunter2|bash/);
  });

  it('says that a file does not exist, or is a folder, without reading it', async () => {
    const missing = join(dir, 'no-existe.json');
    expect((await run('import', missing)).err).toEqual([`${missing} no existe.`]);
    expect((await run('import', dir)).err).toEqual([`${dir} no es un archivo.`]);
  });

  it('writes the export to the file --out names, and says why when it cannot', async () => {
    const file = join(dir, 'exportado.json');
    const written = await run('export', 'demo', '--out', file);
    expect(written).toMatchObject({ code: 0, out: [`Socio demo escrito en ${file}.`], err: [] });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(
      JSON.parse((await run('export', 'demo')).out.join('\n')),
    );
    expect((await run('import', file)).out).toEqual(['Socio demo: 0 cambio(s)', 'Nada que guardar.']);
    const nowhere = join(dir, 'no-existe', 'demo.json');
    expect(await run('export', 'demo', '--out', nowhere)).toMatchObject({
      code: 1,
      err: [`No se pudo escribir ${nowhere}: su carpeta no existe.`],
    });
    expect((await run('export', 'demo', '--out')).code).toBe(2);
    expect((await run('export', 'demo', '--salida', file)).code).toBe(2);
  });

  it('says how to use it, and that an unknown partner does not exist', async () => {
    expect((await run('borrar', 'demo')).code).toBe(2);
    const missing = await run('export', 'no-existe');
    expect(missing.code).toBe(1);
    expect(missing.err).toEqual(['No existe un socio con id no-existe.']);
  });
});
