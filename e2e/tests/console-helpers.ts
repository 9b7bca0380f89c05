import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page } from '@playwright/test';
import { closeSync, existsSync, openSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'otplib';
import { addExam, goToServices } from './address-and-services-helpers.ts';
import {
  fillCard,
  fillPatient,
  freshEmail,
  freshRut,
  holdFirstBlock,
  servicesToDate,
  TEST_VISA,
} from './patients-and-payment-helpers.ts';

/** What the console's end-to-end tests share: the demo admin's sign-in, axe, a widget booking. */

// The demo admin (apps/api/src/db/seed/demo-operators.ts).
const ADMIN_EMAIL = 'admin@visita.localhost';
const ADMIN_PASSWORD = 'visita-demo-admin';
const ADMIN_TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/** No WCAG 2.2 A or AA violation on the current screen (`where` names it in a failure). */
export async function expectNoViolations(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  expect(
    results.violations.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

const STEP_MS = 30_000;
/** Shared by the run's workers (one server, one port): the lock and the last step taken. */
const SHARED = join(tmpdir(), `visita-e2e-admin-totp-${process.env.E2E_PORT ?? 4310}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Signs the demo admin's second factor with a code no other test of this run has used. The
 * server takes each 30-second step's code once (and counts a refused one towards the account's
 * lock), and every console test signs this one admin in: a lock file lets one worker at a time
 * take a step, the last step taken is kept beside it, and a worker whose step was taken waits for
 * the next. `submit` types the code, sends it and waits for the console.
 */
export async function withDemoAdminCode(submit: (code: string) => Promise<void>): Promise<void> {
  const lock = `${SHARED}.lock`;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch {
      // A worker that died holding it: its lock is taken over after a minute and a half.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 90_000) unlinkSync(lock);
      } catch {
        // Released meanwhile.
      }
      await sleep(200);
    }
  }
  let step = Math.floor(Date.now() / STEP_MS);
  try {
    const last = existsSync(`${SHARED}.step`) ? Number(readFileSync(`${SHARED}.step`, 'utf8')) : -1;
    // The step must be new, and not about to end while the code is typed and checked.
    while (step <= last || Date.now() % STEP_MS > STEP_MS - 3_000) {
      await sleep(STEP_MS - (Date.now() % STEP_MS) + 100);
      step = Math.floor(Date.now() / STEP_MS);
    }
    await submit(await generate({ secret: ADMIN_TOTP_SECRET }));
  } finally {
    writeFileSync(`${SHARED}.step`, String(step));
    unlinkSync(lock);
  }
}

/** The demo admin signed in through the console's own screens (password, then the TOTP code). */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/console/ingresar');
  await page.getByRole('textbox', { name: 'Correo' }).fill(ADMIN_EMAIL);
  await page.getByLabel(/^Contraseña\b/).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/console\/ingresar\/codigo$/);
  await withDemoAdminCode(async (code) => {
    await page.getByRole('textbox', { name: /Código de verificación/ }).fill(code);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/console\/citas$/);
  });
}

/** A section opened from the menu by keyboard (focus on its link, Enter). */
export async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name }).focus();
  await page.keyboard.press('Enter');
}

/** A booking on /demo paid by card in the widget: its id, the patient's RUT and e-mail, the held block. */
export async function bookInWidget(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await goToServices(page);
  await addExam(page, 'Glicemia');
  await servicesToDate(page);
  const held = page.waitForRequest((r) => r.url().includes('/schedule/') && r.method() === 'POST');
  await holdFirstBlock(page);
  const hold = (await held).postDataJSON() as { begin_date: string };
  const rut = freshRut();
  const email = freshEmail();
  await fillPatient(page, {
    firstName: 'Javiera',
    lastName: 'Consola',
    secondLastName: 'Pérez',
    day: '3',
    month: 'Abril',
    year: '1990',
    document: rut,
    email,
    phone: '+56955512345',
  });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Tarjeta de crédito' }).click();
  await fillCard(page, { number: TEST_VISA, name: 'APRO', exp: '11/30', cvc: '123' });
  const paid = page.waitForResponse((r) => r.url().includes('/card/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Continuar' }).click();
  const payment = await paid;
  expect(payment.status()).toBe(200);
  const id = /mercado-pago\/([^/]+)\/card\//.exec(payment.url())?.[1] ?? '';
  await expect(page.getByRole('heading', { name: '¡Tu cita está agendada!' })).toBeVisible();
  await context.close();
  return { id, rut, email, date: hold.begin_date.slice(0, 10), begin: hold.begin_date };
}
