/**
 * `npm run operator -- create --email <correo> --role <rol> [--name "<nombre>"] [--client <id>]`:
 * an operator of the console, the first admin above all (no one can sign in to create it). The
 * one-time password is printed once and stored only hashed; the first sign-in changes it (and an
 * admin enrols a second factor then). The same rules and audit log as the console's own route
 * (modules/console/operators.ts). With the embedded database it refuses while the server holds it.
 */
import { userInfo } from 'node:os';
import { pathToFileURL } from 'node:url';
import { CONSOLE_ROLE_LABELS } from '@visita/domain/console-permissions';
import { consoleCreateOperatorBodySchema } from '@visita/domain/contract/console';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { type Db, openDatabase } from '../db/database.ts';
import { EmbeddedDatabaseInUse, lockEmbeddedDatabase } from '../db/embedded-lock.ts';
import { AppError } from '../errors.ts';
import { fieldsOf } from '../modules/admin/partners.ts';
import { createOperator } from '../modules/console/operators.ts';

// What the schema refuses is read by a person: zod speaks Spanish here as in the API (app.ts).
z.config(z.locales.es());

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const USAGE = [
  'Uso:',
  '  npm run operator -- create --email <correo> --role <rol> [--name "<nombre>"] [--client <id>]',
  '      crea un operador de la consola e imprime su contraseña de un solo uso',
  '      rol: admin, coordinator, finance o partner (partner indica su socio con --client)',
];

const FLAGS = { '--email': 'email', '--role': 'role', '--name': 'name', '--client': 'client' } as const;
type Flag = (typeof FLAGS)[keyof typeof FLAGS];

/** `--flag value` and `--flag=value`, each once; the first problem in Spanish otherwise. */
function parseFlags(
  args: readonly string[],
): { values: Partial<Record<Flag, string>> } | { problem: string } {
  const values: Partial<Record<Flag, string>> = {};
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    const [flag = '', inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s) : [arg];
    const name = (FLAGS as Record<string, Flag | undefined>)[flag];
    if (!name) return { problem: `No conozco la opción ${flag || '(vacía)'}.` };
    const value = inline ?? args[(index += 1)];
    if (value === undefined || (inline === undefined && value.startsWith('--')))
      return { problem: `Falta el valor de ${flag}.` };
    if (values[name] !== undefined) return { problem: `${flag} va una sola vez.` };
    values[name] = value;
  }
  return { values };
}

/** Runs the CLI on a database; answers the exit code. */
export async function runOperatorCli(
  db: Db,
  args: readonly string[],
  io: CliIo,
  actor = `cli:${userInfo().username}`,
): Promise<number> {
  const [command, ...rest] = args;
  if (command !== 'create') {
    if (command !== undefined) io.err(`No conozco el comando ${command}.`);
    for (const line of USAGE) io.err(line);
    return 1;
  }
  const parsed = parseFlags(rest);
  if ('problem' in parsed) {
    io.err(parsed.problem);
    for (const line of USAGE) io.err(line);
    return 1;
  }
  const { email, role, name, client } = parsed.values;
  const missing = [!email && '--email', !role && '--role'].filter(Boolean);
  if (missing.length > 0) {
    io.err(`Falta ${missing.join(' y ')}.`);
    for (const line of USAGE) io.err(line);
    return 1;
  }
  const body = consoleCreateOperatorBodySchema.safeParse({
    email,
    role,
    // Without --name, the e-mail's own name: the operator can be renamed in the console.
    name: name ?? email?.split('@')[0],
    client_id: client ?? null,
  });
  if (!body.success) {
    for (const [path, message] of Object.entries(fieldsOf(body.error))) io.err(`${path}: ${message}`);
    return 1;
  }
  try {
    const { operator, oneTimePassword } = await createOperator(
      db,
      {
        email: body.data.email,
        name: body.data.name,
        role: body.data.role,
        clientId: body.data.client_id ?? null,
      },
      { actor, operatorId: null },
    );
    const partner = operator.client_id ? ` del socio ${operator.client_id}` : '';
    io.out(`Operador creado: ${operator.email} (${CONSOLE_ROLE_LABELS[operator.role]}${partner}).`);
    io.out(`Contraseña de un solo uso: ${oneTimePassword}`);
    io.out(
      'Se muestra solo esta vez: entrégala por un canal seguro. Al iniciar sesión en /console deberá ' +
        'cambiarla' +
        (operator.role === 'admin' ? ' y configurar su segundo factor (TOTP).' : '.'),
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      io.err(error.msg);
      return 1;
    }
    throw error;
  }
}

async function main() {
  const config = loadConfig(process.env);
  let release = () => {};
  if (!config.DATABASE_URL) {
    try {
      release = lockEmbeddedDatabase(config.DATA_DIR, 'cli');
    } catch (error) {
      if (!(error instanceof EmbeddedDatabaseInUse)) throw error;
      const why =
        error.holder?.role === 'server'
          ? 'Detén el servidor antes de usar este comando, o crea el operador desde la consola mientras corre.'
          : 'Espera a que termine y vuelve a intentarlo.';
      console.error(`${error.message} ${why}`);
      process.exitCode = 1;
      return;
    }
  }
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  try {
    await database.migrate();
    const io: CliIo = { out: (line) => console.info(line), err: (line) => console.error(line) };
    process.exitCode = await runOperatorCli(database.db, process.argv.slice(2), io);
  } finally {
    await database.close();
    release();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
