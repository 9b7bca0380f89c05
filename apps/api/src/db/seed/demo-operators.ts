import { and, eq } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../modules/console/passwords.ts';
import { secretBox } from '../../modules/console/secret-box.ts';
import { consoleSecretOf } from '../../plugins/app/console-session.ts';
import type { Db } from '../database.ts';
import { operators, operatorTotp } from '../schema.ts';
import { isLoopbackHost } from './demo-credentials.ts';
import type { Seed } from './run-seeds.ts';

/**
 * The demo's console admin, whose sign-in the README gives: written in this repository, so anyone
 * has it. A server others can reach says so at start while it still works (demoAdminWarning).
 */
export const DEMO_ADMIN_EMAIL = 'admin@visita.localhost';
export const DEMO_ADMIN_PASSWORD = 'visita-demo-admin';
/** The authenticator app's key (base32): typed into one, it gives the demo admin's codes. */
export const DEMO_ADMIN_TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';

/** How the console seals its operators' TOTP secrets (modules/console/auth.ts reads them so). */
const TOTP_BOX_LABEL = 'operator-totp';

async function seedDemoAdmin(db: Db): Promise<void> {
  const [admin] = await db
    .insert(operators)
    .values({
      email: DEMO_ADMIN_EMAIL,
      name: 'Administración demo',
      role: 'admin',
      passwordHash: await hashPassword(DEMO_ADMIN_PASSWORD),
      // A demo is opened by whoever tries it: no password to change first.
      mustChangePassword: false,
    })
    .onConflictDoNothing({ target: operators.email })
    .returning({ id: operators.id });
  if (!admin) return;
  // The seed runs before the app: it seals with the secret the app will use, the configured one
  // (the server reads CONSOLE_SECRET from the same environment) or the one kept in the database.
  const consoleSecret = await consoleSecretOf(db, process.env.CONSOLE_SECRET?.trim() || undefined);
  await db.insert(operatorTotp).values({
    operatorId: admin.id,
    secretEnc: secretBox(consoleSecret, TOTP_BOX_LABEL).seal(DEMO_ADMIN_TOTP_SECRET, admin.id),
    confirmedAt: new Date(),
  });
}

export const demoOperatorsSeed: Seed = { name: 'demo-operators', run: seedDemoAdmin };

/** Whether the demo admin still signs in with the published password (not changed, not deactivated). */
async function demoAdminIsPublic(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ passwordHash: operators.passwordHash })
    .from(operators)
    .where(and(eq(operators.email, DEMO_ADMIN_EMAIL), eq(operators.active, true)))
    .limit(1);
  return row ? verifyPassword(row.passwordHash, DEMO_ADMIN_PASSWORD) : false;
}

/**
 * What the start-up log says when a server others can reach lets the demo admin in with the
 * password published here (never the password itself); null on a loopback-only server, or once
 * the password was changed or the account deactivated.
 */
export async function demoAdminWarning(db: Db, host: string): Promise<string | null> {
  if (isLoopbackHost(host) || !(await demoAdminIsPublic(db))) return null;
  return (
    `Credenciales de demostración activas en un servidor que escucha en ${host}: el administrador ` +
    `de la consola ${DEMO_ADMIN_EMAIL} tiene la contraseña publicada en el repositorio y cualquiera ` +
    'puede entrar. Cámbiala, desactívalo desde otra cuenta de administración (npm run operator -- ' +
    'create), usa una base sin la demo (SEED=none) o escucha solo en 127.0.0.1.'
  );
}
