import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../modules/console/passwords.ts';
import { secretBox } from '../../modules/console/secret-box.ts';
import { acceptedTotpStep } from '../../modules/console/totp.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { CONSOLE_SESSION_COOKIE } from '../../plugins/app/console-session.ts';
import { consoleCsrf } from '../../test-support/console-session.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { operators, operatorTotp } from '../schema.ts';
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  DEMO_ADMIN_TOTP_SECRET,
  demoAdminWarning,
} from './demo-operators.ts';

describe.each(TEST_ENGINES)('the demo console admin on $name', (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    // The demo seed runs before the app is built, as the server runs it.
    test = await createTestApp(engine);
  }, 120_000);
  afterAll(() => test?.close());

  it('stores the published password hashed, nothing to change first, and the published TOTP key sealed for the app', async () => {
    const [row] = await test.app.db.select().from(operators).where(eq(operators.email, DEMO_ADMIN_EMAIL));
    expect(row).toMatchObject({ role: 'admin', active: true, mustChangePassword: false, clientId: null });
    expect(await verifyPassword(row?.passwordHash ?? '', DEMO_ADMIN_PASSWORD)).toBe(true);
    const [totp] = await test.app.db
      .select()
      .from(operatorTotp)
      .where(eq(operatorTotp.operatorId, row?.id ?? ''));
    expect(totp?.confirmedAt).toBeInstanceOf(Date);
    expect(totp?.secretEnc).not.toContain(DEMO_ADMIN_TOTP_SECRET);
    // Sealed with the secret the app took at start, though the seed ran before the app existed.
    const secret = secretBox(test.app.consoleSecret, 'operator-totp').open(
      totp?.secretEnc ?? '',
      row?.id ?? '',
    );
    expect(secret).toBe(DEMO_ADMIN_TOTP_SECRET);
    const now = new Date();
    const code = await generate({ secret: DEMO_ADMIN_TOTP_SECRET, epoch: Math.floor(now.getTime() / 1000) });
    expect(await acceptedTotpStep(secret ?? '', code, null, now)).not.toBeNull();
  });

  it('signs in through the console with the published password and a code of the published key', async () => {
    const csrf = await consoleCsrf(test.app);
    let cookie = csrf.cookie;
    const call = async (url: string, payload?: object) => {
      const response = await test.app.inject({
        method: payload ? 'POST' : 'GET',
        url: `/api/console${url}`,
        headers: { cookie, 'x-csrf-token': csrf.token },
        ...(payload ? { payload } : {}),
      });
      const session = response.cookies.find((c) => c.name === CONSOLE_SESSION_COOKIE);
      if (session) cookie = `${csrf.cookie}; ${session.name}=${session.value}`;
      return response;
    };
    const login = await call('/auth/login', { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toEqual({ next: 'totp' });
    // Out of the last seconds of a 30-second step, so the code is still good when checked.
    const into = (Date.now() / 1000) % 30;
    if (into > 26) await new Promise((resolve) => setTimeout(resolve, (30 - into) * 1000 + 200));
    const totp = await call('/auth/totp', { code: await generate({ secret: DEMO_ADMIN_TOTP_SECRET }) });
    expect(totp.statusCode, totp.body).toBe(200);
    expect(totp.json()).toEqual({ next: null });
    const listed = await call('/operators');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().results).toContainEqual(
      expect.objectContaining({ email: DEMO_ADMIN_EMAIL, role: 'admin', totp_enabled: true }),
    );
  }, 40_000);

  it('is warned about on a server others can reach while its published password works', async () => {
    const db = test.app.db;
    expect(await demoAdminWarning(db, '127.0.0.1')).toBeNull();
    const warning = await demoAdminWarning(db, '0.0.0.0');
    expect(warning).toContain('Credenciales de demostración activas');
    expect(warning).toContain(DEMO_ADMIN_EMAIL);
    expect(warning).not.toContain(DEMO_ADMIN_PASSWORD);

    const [row] = await db.select().from(operators).where(eq(operators.email, DEMO_ADMIN_EMAIL));
    await db
      .update(operators)
      .set({ passwordHash: await hashPassword('una contraseña que nadie publicó') })
      .where(eq(operators.email, DEMO_ADMIN_EMAIL));
    expect(await demoAdminWarning(db, '0.0.0.0')).toBeNull();
    await db
      .update(operators)
      .set({ passwordHash: row?.passwordHash ?? '', active: false })
      .where(eq(operators.email, DEMO_ADMIN_EMAIL));
    expect(await demoAdminWarning(db, '0.0.0.0')).toBeNull();
    await db.update(operators).set({ active: true }).where(eq(operators.email, DEMO_ADMIN_EMAIL));
    expect(await demoAdminWarning(db, '0.0.0.0')).not.toBeNull();
  });
});
