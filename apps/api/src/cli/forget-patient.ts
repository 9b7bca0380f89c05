/**
 * `npm run forget-patient -- <RUT o correo> [--dry-run] [--operator <nombre>]`: erases or
 * anonymises one person on request (Chile's Ley 19.628 / 21.719, Mexico's LFPDPPP: derechos ARCO),
 * keeping what accounting must keep; audited with counts only (docs/decisions/data-retention.md).
 * With the embedded database it refuses while the server holds it.
 */
import { pathToFileURL } from 'node:url';
import type { FileStorage } from '../adapters/storage/storage.ts';
import { loadConfig } from '../config.ts';
import { type Db, openDatabase } from '../db/database.ts';
import { EmbeddedDatabaseInUse, lockEmbeddedDatabase } from '../db/embedded-lock.ts';
import { type ForgetCounts, forgetPerson, parsePersonKey } from '../modules/retention/forget.ts';

interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const USAGE = [
  'Uso:',
  '  npm run forget-patient -- <RUT o correo> [--dry-run] [--operator <nombre>]',
  '      borra o anonimiza los datos de una persona (conserva lo que la contabilidad exige)',
  '      --dry-run muestra cuánto haría sin escribir nada',
];

const LABELS: Record<keyof ForgetCounts, string> = {
  appointments: 'citas con la persona',
  appointment_patients: 'pacientes borrados de esas citas',
  appointment_addresses: 'direcciones de citas borradas',
  appointment_notes: 'notas internas de citas borradas',
  accounts: 'cuentas de paciente eliminadas',
  client_patients: 'pacientes guardados por socios eliminados',
  medical_orders: 'órdenes médicas eliminadas',
  medical_order_files: 'archivos de órdenes médicas eliminados',
  lead_notes: 'notas de órdenes médicas eliminadas',
  company_employees: 'nóminas de empresa',
  fund_affiliates: 'afiliaciones a la caja',
  item_claims: 'reservas de prestación única anonimizadas',
  coupon_uses: 'usos de cupón anonimizados',
  outbox_events: 'correos y webhooks vaciados',
};

/** Runs the command on a database; answers the exit code. */
export async function runForgetPatientCli(
  db: Db,
  storage: FileStorage,
  args: readonly string[],
  io: CliIo,
): Promise<number> {
  let dryRun = false;
  let operator = 'operator';
  const positional: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '--dry-run') dryRun = true;
    else if (arg === '--operator' || arg.startsWith('--operator=')) {
      const value = arg.includes('=') ? arg.slice('--operator='.length) : args[(index += 1)];
      if (!value?.trim() || value.startsWith('--')) {
        io.err('Falta el nombre de --operator.');
        return 1;
      }
      operator = value.trim().slice(0, 100);
    } else if (arg.startsWith('--')) {
      io.err(`No conozco la opción ${arg}.`);
      for (const line of USAGE) io.err(line);
      return 1;
    } else positional.push(arg);
  }
  if (positional.length > 1) {
    io.err('Indica una sola persona: un RUT o un correo.');
    for (const line of USAGE) io.err(line);
    return 1;
  }
  const key = parsePersonKey(positional[0]);
  if ('problem' in key) {
    io.err(key.problem);
    for (const line of USAGE) io.err(line);
    return 1;
  }
  const { counts, filesNotRemoved } = await forgetPerson(db, storage, key, { dryRun, actor: operator });
  const total = Object.values(counts).reduce((sum, value) => sum + value, 0);
  const who = key.kind === 'rut' ? `RUT ${key.formatted}` : `correo ${key.email}`;
  if (total === 0) {
    io.out(`No hay datos del ${who}: no hay nada que borrar.`);
    return 0;
  }
  io.out(
    dryRun ? `Simulación (no se escribió nada) para el ${who}:` : `Datos del ${who} borrados o anonimizados:`,
  );
  for (const [name, label] of Object.entries(LABELS) as [keyof ForgetCounts, string][])
    if (counts[name] > 0) io.out(`  ${label}: ${counts[name]}`);
  if (!dryRun) {
    io.out('Se conservan los pagos (montos, fechas, estados) y las citas (ids, fechas, estados, totales).');
    io.out(`Queda registrado en la auditoría (patient.forgotten, por ${operator}), sin datos personales.`);
  }
  if (filesNotRemoved.length > 0) {
    io.err(`No se pudieron borrar ${filesNotRemoved.length} archivos del almacenamiento; bórralos a mano:`);
    for (const file of filesNotRemoved) io.err(`  ${file}`);
    return 1;
  }
  return 0;
}

async function main() {
  const config = loadConfig(process.env);
  let release = () => {};
  if (!config.DATABASE_URL) {
    try {
      release = lockEmbeddedDatabase(config.DATA_DIR, 'cli');
    } catch (error) {
      if (!(error instanceof EmbeddedDatabaseInUse)) throw error;
      console.error(`${error.message} Detén el servidor antes de usar este comando.`);
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
    const { createStorage } = await import('../adapters/storage/create-storage.ts');
    const io: CliIo = { out: (line) => console.info(line), err: (line) => console.error(line) };
    process.exitCode = await runForgetPatientCli(
      database.db,
      await createStorage(config),
      process.argv.slice(2),
      io,
    );
  } finally {
    await database.close();
    release();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
