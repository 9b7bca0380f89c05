import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { PRICE_CSV_HEADERS } from '@visita/domain/contract/console-prices';
import { formatCurrency } from '@visita/domain/money';
import { addExam, chooseAddress, goToAddress } from './address-and-services-helpers.ts';
import { expectNoViolations, openSection, signInAsAdmin } from './console-helpers.ts';
import {
  fillCard,
  fillPatient,
  freshEmail,
  freshRut,
  servicesToDate,
  TEST_VISA,
} from './patients-and-payment-helpers.ts';

/**
 * The supply chain of a booking, in one run of the apps and no restart: a coordinator (made by the
 * admin on Operadores) draws a sector in a city no demo sector reaches, gives it a nurse with her
 * skill and weekly shifts, imports the exam's price for the source in that commune from a CSV (dry
 * run, then applied) and creates a coupon. A patient then books that exam at an address of that
 * city with the coupon: the imported price and the coupon's discount are quoted and charged, and
 * the visit is the new nurse's. Her day off on that date is proposed first and nothing is written
 * until it is applied: the visit is listed, nobody else to take it (applied, it would stay kept with
 * her); once a second nurse works the sector, the proposal gives it to her, the day off saves and
 * the visit moves. Last, the admin changes a partner's colour: the preview shows it before saving,
 * the partner's widget after. Axe on each screen passed through.
 */

test.describe.configure({ mode: 'serial', timeout: 90_000 });

/**
 * Cities no demo sector of the marketplace reaches (outside Gran Santiago, no blocked region), one
 * per repetition of the run: the sector drawn is a square of ±0.03° around the commune's point
 * (the gazetteer's, where the local geocoder places its addresses within 800 m), so the address is
 * inside that sector alone and the booking can only go to its nurses.
 */
const PLACES = [
  { commune: 'Valdivia', lat: -39.8178, lng: -73.1751, address: 'Picarte 1000, Valdivia' },
  { commune: 'Osorno', lat: -40.6108, lng: -73.0877, address: 'Avenida Mackenna 900, Osorno' },
  { commune: 'Puerto Montt', lat: -41.4892, lng: -72.7953, address: 'Avenida Angelmó 1500, Puerto Montt' },
  { commune: 'Temuco', lat: -38.6731, lng: -72.6633, address: 'Avenida Alemania 500, Temuco' },
  { commune: 'Talca', lat: -35.428, lng: -71.6028, address: 'Avenida Lircay 1200, Talca' },
  {
    commune: 'La Serena',
    lat: -29.7892,
    lng: -71.0612,
    address: 'Avenida Francisco de Aguirre 300, La Serena',
  },
] as const;

/** Partners whose colour no other spec checks; one per repetition, so two running at once do not race. */
const PARTNERS = ['esencial', 'redsalud', 'idoktor'] as const;

const SOURCE = 'marketplace';
// Glicemia (demo catalogue item 3): base price 4.990, no price of the marketplace's own.
const EXAM = { id: 3, name: 'Glicemia', basePrice: 4990 };
const PRICE = 6190;
const DISCOUNT = 2000;
const WEEKDAYS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];
const money = (amount: number) => formatCurrency(amount, 'cl');
/** '$6.190' → 6190 (CLP has no decimals). */
const pesos = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

/** This run's names, new for every repetition (a worker may run several in one module). */
function namesFor(token: string) {
  return {
    coordinator: `Coordinadora Cadena ${token}`,
    email: `coordinacion-${token}@visita.localhost`,
    sector: `Cadena ${token}`,
    nurse: `Enfermera Cadena ${token}`,
    relief: `Enfermera Relevo ${token}`,
    coupon: `CADENA${token.toUpperCase()}`,
  };
}

let names: ReturnType<typeof namesFor>;
let place: (typeof PLACES)[number];
let partner: (typeof PARTNERS)[number];
let adminContext: BrowserContext;
let coordinatorContext: BrowserContext;
let admin: Page;
let coordinator: Page;
let nurseUrl = '';
let booking = { id: '', code: '', date: '', begin: '' };

test.beforeAll(async ({ browser }, testInfo) => {
  names = namesFor(`${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`);
  nurseUrl = '';
  booking = { id: '', code: '', date: '', begin: '' };
  place = PLACES[testInfo.repeatEachIndex % PLACES.length] ?? PLACES[0];
  partner = PARTNERS[testInfo.repeatEachIndex % PARTNERS.length] ?? PARTNERS[0];
  adminContext = await browser.newContext();
  coordinatorContext = await browser.newContext();
  admin = await adminContext.newPage();
  coordinator = await coordinatorContext.newPage();
});

test.afterAll(async () => {
  await adminContext.close();
  await coordinatorContext.close();
});

/**
 * The console loaded afresh on Citas: a page kept open across this file's steps would ask for the
 * lazy chunks of the build it was loaded from, gone if the apps were rebuilt meanwhile.
 */
async function freshConsole(page: Page): Promise<void> {
  await page.goto('/console/citas');
  await expect(page.getByRole('heading', { name: 'Citas', level: 1 })).toBeVisible();
}

/** A square of ±half degrees around the place's point, as a GeoJSON ring of [lng, lat]. */
function square(half: number): [number, number][] {
  const { lat, lng } = place;
  return [
    [lng - half, lat - half],
    [lng + half, lat - half],
    [lng + half, lat + half],
    [lng - half, lat + half],
    [lng - half, lat - half],
  ];
}

/** A nurse of the new sector, taking blood samples every day from 08:00 to 20:00: her page's URL. */
async function createNurse(page: Page, name: string): Promise<string> {
  await openSection(page, 'Enfermeras');
  await expect(page.getByRole('heading', { name: 'Enfermeras', level: 1 })).toBeFocused();
  await page.getByRole('link', { name: 'Nueva enfermera' }).click();
  await expect(page.getByRole('heading', { name: 'Nueva enfermera', level: 1 })).toBeFocused();
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill(name);
  await page.getByLabel('Teléfono').fill('+56 9 5555 0101');
  await expect(page.getByLabel('Toma de muestras')).toBeChecked();
  await page.getByRole('combobox', { name: 'Sectores' }).fill(names.sector);
  await page
    .getByRole('listbox', { name: 'Sectores' })
    .getByRole('option', { name: `${names.sector} (${SOURCE}, CL)` })
    .click();
  await page.keyboard.press('Escape');
  const weekly = page.getByRole('region', { name: 'Turnos semanales' });
  for (const weekday of WEEKDAYS) {
    await weekly.getByLabel('Día', { exact: true }).selectOption({ label: weekday });
    await weekly.getByLabel('Desde', { exact: true }).fill('08:00');
    await weekly.getByLabel('Hasta', { exact: true }).fill('20:00');
    await weekly.getByRole('button', { name: 'Agregar turno', exact: true }).click();
  }
  await expect(page.getByRole('table', { name: /Cada turno/ }).getByRole('row')).toHaveCount(8);
  await expectNoViolations(page, `the new nurse form (${name})`);
  await page.getByRole('button', { name: 'Crear enfermera' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Enfermera creada.' })).toBeVisible();
  await expect(page).toHaveURL(/\/console\/enfermeras\/\d+$/);
  return page.url();
}

/** The absence dialog on the nurse's page, for the booked day, its proposal asked for. */
async function proposeDayOff(page: Page) {
  await page.goto(nurseUrl);
  await expect(page.getByRole('heading', { name: names.nurse, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Marcar ausencia o vacaciones' }).click();
  const dialog = page.getByRole('dialog', { name: `Ausencia de ${names.nurse}` });
  await dialog.getByLabel('Desde').fill(booking.date);
  await dialog.getByLabel('Hasta').fill(booking.date);
  await dialog.getByRole('button', { name: 'Ver propuesta' }).click();
  const row = dialog
    .getByRole('table', { name: 'Sus visitas y quién las toma' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: booking.code }) });
  await expect(row).toContainText(booking.begin.slice(0, 16));
  return { dialog, row };
}

/** The visit's nurse and sector on the console's appointment page. */
async function expectVisitWith(page: Page, nurse: string): Promise<void> {
  await page.goto(`/console/citas/${booking.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Cita ${booking.code}` })).toBeVisible();
  const visit = page.getByRole('table', { name: 'Visita' });
  const cell = (name: RegExp) => visit.getByRole('row', { name }).getByRole('cell');
  await expect(cell(/^Enfermera/)).toHaveText(nurse);
  await expect(cell(/^Sector/)).toHaveText(names.sector);
}

/** The patient's booking on /demo at the place's address: Glicemia with the coupon, paid by card. */
async function bookWithCoupon(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await goToAddress(page);
  await chooseAddress(page, place.address);
  await expect(page.getByRole('combobox', { name: 'Dirección' })).toHaveValue(
    new RegExp(`, ${place.commune}`),
  );
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Servicios', level: 1 })).toBeVisible();
  await addExam(page, EXAM.name);
  const cell = (row: string) => page.locator(`[data-row="${row}"] td`);
  // The price imported for the source in this commune, not the base price.
  await expect(cell('total-exams')).toHaveText(money(PRICE));
  await page.getByRole('textbox', { name: 'Cupón de descuento' }).fill(names.coupon.toLowerCase());
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByRole('button', { name: 'Aplicado' })).toBeVisible();
  await expect(cell('discount')).toHaveText(`-${money(DISCOUNT)}`);
  await expect(cell('total-exams')).toHaveText(money(PRICE));
  await expect(cell('service')).toHaveText(/\$\d/);
  const total = PRICE - DISCOUNT + pesos(await cell('service').textContent());
  await expect(cell('total-amount')).toHaveText(money(total));
  await expectNoViolations(page, 'widget: services with the coupon');

  await servicesToDate(page);
  await expect(page.locator('.visita-time[aria-pressed="true"]')).toBeVisible();
  await expectNoViolations(page, 'widget: date');
  // The sector is this spec's alone: its first block is free (no retry on a block taken).
  const held = page.waitForResponse((r) => r.url().includes('/schedule/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Continuar' }).click();
  const hold = await held;
  expect(hold.status()).toBe(200);
  const begin = (hold.request().postDataJSON() as { begin_date: string }).begin_date;
  await fillPatient(page, {
    firstName: 'Valentina',
    lastName: 'Cadena',
    secondLastName: 'Rojas',
    day: '14',
    month: 'Junio',
    year: '1985',
    document: freshRut(),
    email: freshEmail(),
    phone: '+56955510101',
  });
  const finalised = page.waitForResponse((r) => r.url().includes('/finalize/'));
  await page.getByRole('button', { name: 'Continuar' }).click();
  const finalize = await finalised;
  expect(finalize.status()).toBe(200);
  expect(finalize.request().postDataJSON()).toMatchObject({ coupon_code: names.coupon });
  await expect(page.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Método de pago', level: 1 })).toBeVisible();
  const shown = page.locator('.visita-summary').filter({ hasText: 'Total a pagar:' });
  await expect(shown).toHaveText(/\$\d/);
  expect(pesos(await shown.textContent())).toBe(total);
  await page.getByRole('button', { name: 'Tarjeta de crédito' }).click();
  await fillCard(page, { number: TEST_VISA, name: 'APRO', exp: '11/30', cvc: '123' });
  const charged = page.waitForResponse((r) => r.url().includes('/card/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Continuar' }).click();
  const card = await charged;
  expect(card.status(), await card.text()).toBe(200);
  expect(card.request().postDataJSON().amount).toBe(total);
  await expect(page.getByRole('heading', { name: '¡Tu cita está agendada!' })).toBeVisible();
  await expectNoViolations(page, 'widget: success');
  const id = /mercado-pago\/([^/]+)\/card\//.exec(card.url())?.[1] ?? '';
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  booking = { id, code: id.slice(0, 8).toUpperCase(), date: begin.slice(0, 10), begin };
  await context.close();
}

test.describe('a coordinator supplies a new city, a patient books there, her nurse takes a day off', () => {
  test('the admin makes a coordinator account on Operadores; its first sign-in sets its password', async () => {
    await signInAsAdmin(admin);
    await openSection(admin, 'Operadores');
    await expect(admin.getByRole('heading', { name: 'Operadores', level: 1 })).toBeFocused();
    await expectNoViolations(admin, 'Operadores');
    const form = admin.getByRole('form', { name: 'Nueva cuenta' });
    await form.getByRole('textbox', { name: 'Correo' }).fill(names.email);
    await form.getByRole('textbox', { name: 'Nombre' }).fill(names.coordinator);
    await form.getByRole('combobox', { name: 'Rol' }).selectOption('coordinator');
    await form.getByRole('button', { name: 'Crear cuenta' }).click();
    const oneTimePassword = (await admin.getByTestId('one-time-password').textContent())?.trim() ?? '';
    expect(oneTimePassword.length).toBeGreaterThanOrEqual(12);

    await coordinator.goto('/console/ingresar');
    await coordinator.getByRole('textbox', { name: 'Correo' }).fill(names.email);
    await coordinator.getByLabel(/^Contraseña\s*\*?$/).fill(oneTimePassword);
    await coordinator.getByRole('button', { name: 'Ingresar' }).click();
    await expect(coordinator).toHaveURL(/\/console\/ingresar\/contrasena$/);
    await coordinator.getByLabel('Contraseña de un solo uso').fill(oneTimePassword);
    const password = 'Rutas del sur bien trazadas 2026';
    await coordinator.getByLabel(/^Contraseña nueva/).fill(password);
    await coordinator.getByLabel('Repite la contraseña nueva').fill(password);
    await coordinator.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(coordinator.getByTestId('operator')).toHaveText(`${names.coordinator} · Coordinación`);
  });

  test('the coordinator draws the sector from GeoJSON in Cobertura; the address falls in it, with no nurse yet', async () => {
    await freshConsole(coordinator);
    await openSection(coordinator, 'Cobertura');
    await expect(coordinator.getByRole('heading', { name: 'Cobertura', level: 1 })).toBeFocused();
    await expectNoViolations(coordinator, 'Cobertura');
    await coordinator.getByRole('link', { name: 'Nuevo sector' }).click();
    await expect(coordinator.getByRole('heading', { name: 'Nuevo sector', level: 1 })).toBeFocused();
    await coordinator.getByRole('textbox', { name: 'Nombre', exact: true }).fill(names.sector);
    await coordinator.getByLabel('Fuente de venta').selectOption(SOURCE);
    await expect(coordinator.getByLabel('Toma de muestras')).toBeChecked();
    await coordinator.getByLabel('Polígono (GeoJSON)').fill(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [square(0.03)] } },
        ],
      }),
    );
    await expect(coordinator.getByText('Polígono de 5 puntos: se ve en el mapa.')).toBeVisible();
    await expectNoViolations(coordinator, 'Nuevo sector');
    await coordinator.getByRole('button', { name: 'Crear sector' }).press('Enter');
    await expect(coordinator.getByRole('heading', { name: names.sector, level: 1 })).toBeVisible();
    await expect(coordinator.getByRole('status').filter({ hasText: 'Sector creado.' })).toBeVisible();
    await expect(coordinator.getByText('Sin superposiciones en su fuente.')).toBeVisible();
    await expectNoViolations(coordinator, "the sector's page");

    // The address as the widget would place it: in this sector, which has nobody yet.
    await openSection(coordinator, 'Cobertura');
    const lookup = coordinator.getByRole('form', { name: 'Probar una dirección' });
    await lookup.getByLabel('Fuente de venta').selectOption(SOURCE);
    await lookup.getByLabel('Dirección').fill(place.address);
    await lookup.getByLabel('Dirección').press('Enter');
    const result = coordinator.getByTestId('coverage-test-result');
    await expect(result).toContainText(`La atiende el sector ${names.sector} (${SOURCE}).`);
    await expect(result).toContainText('El sector no tiene enfermeras activas.');
  });

  test('the coordinator creates its nurse in Enfermeras: the skill, the sector, a shift every day', async () => {
    await freshConsole(coordinator);
    nurseUrl = await createNurse(coordinator, names.nurse);
    await expect(coordinator.getByLabel('Toma de muestras')).toBeChecked();
    await expect(coordinator.getByRole('table', { name: /Cada turno/ })).toContainText('domingo');
    await expect(coordinator.getByText('No tiene días libres por delante.')).toBeVisible();
    await expectNoViolations(coordinator, "the nurse's page");
  });

  test("the coordinator imports the exam's price for the source in that commune: the dry run's diff, then applied", async () => {
    await freshConsole(coordinator);
    await openSection(coordinator, 'Precios');
    await expect(coordinator.getByRole('heading', { level: 1, name: 'Precios' })).toBeFocused();
    await coordinator.getByRole('combobox', { name: 'Fuente de venta' }).selectOption(SOURCE);
    await coordinator.getByRole('textbox', { name: 'Ítem (nombre o id)' }).fill(EXAM.name);
    await coordinator.getByRole('button', { name: 'Ver precios' }).press('Enter');
    await expect(coordinator).toHaveURL(new RegExp(`sales_source=${SOURCE}&q=${EXAM.name}`));
    const row = coordinator
      .getByRole('row')
      .filter({ has: coordinator.getByRole('rowheader', { name: new RegExp(`^${EXAM.name}`) }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(money(EXAM.basePrice));
    await expect(row).not.toContainText(`${SOURCE} · ${place.commune}`);
    await expectNoViolations(coordinator, 'Precios');

    const csv = [
      PRICE_CSV_HEADERS.join(','),
      `${EXAM.id},${EXAM.name},${SOURCE},${place.commune},${PRICE},`,
    ].join('\r\n');
    await coordinator.getByLabel('Archivo CSV').setInputFiles({
      name: 'precios.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    await coordinator.getByRole('button', { name: 'Revisar archivo' }).click();
    const summary = coordinator.getByRole('status').filter({ hasText: 'Revisión:' });
    await expect(summary).toHaveText(
      'Revisión: 1 agregados, 0 cambiados, 0 quitados, 0 rechazados, 0 sin cambios.',
    );
    await expect(summary).toBeFocused();
    const added = coordinator.getByRole('table', { name: 'Agregados' }).getByRole('row').nth(1);
    await expect(added).toContainText(`${EXAM.name} (${EXAM.id})`);
    await expect(added).toContainText(`${SOURCE} · ${place.commune}`);
    await expect(added).toContainText(money(PRICE));
    // The dry run writes nothing.
    await expect(row).not.toContainText(`${SOURCE} · ${place.commune}`);
    await expectNoViolations(coordinator, 'Precios: revisión del CSV');

    await coordinator.getByRole('button', { name: 'Aplicar cambios' }).click();
    const applied = coordinator.getByRole('status').filter({ hasText: 'Se aplicaron los cambios' });
    await expect(applied).toHaveText(
      'Se aplicaron los cambios: 1 agregados, 0 cambiados, 0 quitados. El widget ya los cotiza.',
    );
    await expect(applied).toBeFocused();
    await expect(row).toContainText(`${SOURCE} · ${place.commune}: ${money(PRICE)}`);
  });

  test('the coordinator creates an amount coupon for the source in Cupones', async () => {
    await freshConsole(coordinator);
    await openSection(coordinator, 'Cupones');
    await expect(coordinator.getByRole('heading', { name: 'Cupones', level: 1 })).toBeFocused();
    await expectNoViolations(coordinator, 'Cupones');
    await coordinator.getByRole('link', { name: 'Nuevo cupón' }).click();
    await expect(coordinator.getByRole('heading', { name: 'Nuevo cupón', level: 1 })).toBeFocused();
    await coordinator.getByLabel('Código').fill(names.coupon);
    await coordinator.getByLabel('Tipo de descuento').selectOption({ label: 'Monto fijo' });
    await coordinator.getByLabel('Monto de descuento').fill(String(DISCOUNT));
    await coordinator.getByRole('combobox', { name: 'Fuentes de venta' }).fill('marketpl');
    await coordinator.getByRole('option', { name: SOURCE, exact: true }).click();
    await coordinator.keyboard.press('Escape');
    await coordinator.getByLabel('Usos totales').fill('5');
    await expectNoViolations(coordinator, 'Nuevo cupón');
    await coordinator.getByRole('button', { name: 'Crear cupón' }).click();
    await expect(coordinator.getByRole('heading', { name: `Cupón ${names.coupon}`, level: 1 })).toBeVisible();
    await expect(
      coordinator.getByRole('status').filter({ hasText: `Cupón ${names.coupon} creado.` }),
    ).toBeVisible();
    await expect(coordinator.getByText('Nadie ha usado este cupón todavía.')).toBeVisible();
    await expectNoViolations(coordinator, "the coupon's page");
  });

  test('a patient books the exam there with the coupon: the imported price less the discount, with the new nurse', async ({
    browser,
  }) => {
    await bookWithCoupon(browser);
    await expectVisitWith(coordinator, names.nurse);
    await expect(
      coordinator.getByRole('table', { name: 'Ítems de Valentina Cadena' }).getByRole('row', {
        name: new RegExp(EXAM.name),
      }),
    ).toContainText(money(PRICE));
    await expectNoViolations(coordinator, 'the booked appointment');
  });

  test('her day off on that date lists the visit, nobody to take it, nothing saved until applied; with a second nurse it saves and the visit moves to her', async () => {
    // She is the sector's only nurse: the visit would stay with her. Nothing is written until applied.
    const alone = await proposeDayOff(coordinator);
    await expect(alone.row).toContainText('Nadie puede tomarla: queda con ella');
    await expectNoViolations(coordinator, 'Ausencia: nadie puede tomarla');
    await alone.dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(alone.dialog).toBeHidden();
    await expect(coordinator.getByText('No tiene días libres por delante.')).toBeVisible();
    await expectVisitWith(coordinator, names.nurse);

    // A second nurse on the same shifts: the proposal moves the visit to her, same time.
    await createNurse(coordinator, names.relief);
    const { dialog, row } = await proposeDayOff(coordinator);
    await expect(row).toContainText(`${names.relief} · ${booking.begin.slice(0, 16)} (misma hora)`);
    await dialog.getByRole('button', { name: 'Marcar ausencia y mover visitas' }).click();
    const summary = dialog.getByRole('status').filter({ hasText: 'Ausencia registrada.' });
    await expect(summary).toHaveText('Ausencia registrada. 1 visita movida; 0 sin asignar.');
    await expect(summary).toBeFocused();
    await expect(
      dialog
        .getByRole('table', { name: 'Resultado: sus visitas y dónde quedaron' })
        .getByRole('row')
        .filter({ hasText: booking.code }),
    ).toContainText('Movida');
    await expectNoViolations(coordinator, 'Ausencia: resultado');
    await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
    await expect(dialog).toBeHidden();
    await expect(
      coordinator.getByRole('button', { name: `Devolver el ${booking.date} a su turno` }),
    ).toBeVisible();
    await expectVisitWith(coordinator, names.relief);
  });

  test('deactivating the sector while the visit is booked there is refused, listing it; kept, it saves', async () => {
    await freshConsole(coordinator);
    await openSection(coordinator, 'Cobertura');
    await coordinator.getByRole('link', { name: names.sector, exact: true }).click();
    await expect(coordinator.getByRole('heading', { name: names.sector, level: 1 })).toBeVisible();
    const active = coordinator.getByLabel('Activo (el widget lo usa)');
    await active.uncheck();
    await coordinator.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(coordinator.getByRole('heading', { name: 'Visitas agendadas en el sector' })).toBeFocused();
    await expect(coordinator.getByTestId('sector-booked-refusal')).toContainText(
      'Hay 1 visita agendada en este sector que el cambio dejaría sin su servicio',
    );
    const listed = coordinator.getByRole('table', {
      name: /Visitas por venir que el cambio deja sin su servicio/,
    });
    await expect(listed.getByRole('link', { name: `#${booking.code}` })).toHaveAttribute(
      'href',
      `/console/citas/${booking.id}`,
    );
    await expectNoViolations(coordinator, 'the sector change refused');
    // Nothing saved yet; kept, it saves and the visit stays booked.
    await coordinator.getByRole('button', { name: 'Mantener la visita y guardar' }).click();
    await expect(coordinator.getByRole('status').filter({ hasText: 'Cambios guardados.' })).toBeVisible();
    await expect(active).not.toBeChecked();
    await expectVisitWith(coordinator, names.relief);
  });

  test("the admin changes a partner's colour on Socios: the preview shows it before saving, the widget after", async () => {
    // Dark enough for white text (each channel at most 0x5f).
    const channel = () =>
      Math.floor(16 + Math.random() * 80)
        .toString(16)
        .padStart(2, '0');
    const colour = `#${channel()}${channel()}${channel()}`;
    const inTheme = new RegExp(`--visita-main: ${colour}`);
    await freshConsole(admin);
    await openSection(admin, 'Socios');
    await expect(admin.getByRole('heading', { name: 'Socios', level: 1 })).toBeFocused();
    await expectNoViolations(admin, 'Socios');
    await admin
      .getByRole('table', { name: 'Socios que embeben el widget' })
      .getByRole('link', { name: partner, exact: true })
      .click();
    const field = admin
      .getByRole('group', { name: /Widget embebido en el sitio del socio/ })
      .getByRole('textbox', { name: 'Color principal' });
    await expect(field).toBeVisible();
    const theme = admin.frameLocator('[data-testid="partner-preview"]').locator('.visita-theme');
    await expect(theme).toBeVisible();
    await expect(theme).not.toHaveAttribute('style', inTheme);

    await field.fill(colour.toUpperCase());
    await expect(theme).toHaveAttribute('style', inTheme);
    const stored = await admin.request.get(`/api/alliances/clients/sdk-config/?id=${partner}`);
    expect(
      ((await stored.json()) as { sdk_config_v2?: { main_color?: string } }).sdk_config_v2?.main_color,
    ).not.toBe(colour.toUpperCase());
    await expectNoViolations(admin, "the partner's page");
    await admin.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(
      admin.getByRole('status').filter({ hasText: 'Cambios guardados. El widget los muestra de inmediato.' }),
    ).toBeVisible();

    const widget = await adminContext.newPage();
    await widget.goto(`/${partner}`);
    await expect(widget.locator('.visita-theme')).toHaveAttribute('style', inTheme);
    await expectNoViolations(widget, `the ${partner} widget in its new colour`);
    await widget.close();
  });
});
