import { expect, type Page, test } from '@playwright/test';
import { APOQUINDO, chooseAddress } from './address-and-services-helpers.ts';
import { expectNoViolations, openSection, signInAsAdmin } from './console-helpers.ts';
import { waitForMail } from './mail-helpers.ts';
import {
  fillCard,
  fillPatient,
  freshEmail,
  freshRut,
  holdFirstBlock,
  ORDER_PDF,
  TEST_VISA,
} from './patients-and-payment-helpers.ts';

test.describe.configure({ timeout: 150_000 });

/** A medical order uploaded in the widget of /demo with a PDF, by `name` at `email`. */
async function uploadOrder(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/demo');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('radio', { name: /Agendar con mi orden médica/ }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Sube tu orden médica' })).toBeVisible();
  await page
    .getByTestId('order-file-input')
    .setInputFiles({ name: 'orden.pdf', mimeType: 'application/pdf', buffer: ORDER_PDF });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Datos de contacto' })).toBeVisible();
  await page.getByLabel('Nombre completo').fill(name);
  await page.getByLabel('Teléfono').fill('+56911112222');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Previsión').selectOption({ label: 'Fonasa' });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: '¿Dónde te visitamos?' })).toBeVisible();
  await chooseAddress(page, APOQUINDO);
  await expect(page.getByRole('combobox', { name: 'Dirección' })).toHaveValue(/,/);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: '¡Recibimos tu orden médica!' })).toBeVisible();
}

test('a medical order uploaded in the widget reaches the inbox, its cart link is e-mailed and books, and the lead shows booked with its appointment', async ({
  page,
  browser,
  request,
}) => {
  const email = freshEmail();
  const name = `Lorena Orden ${email.slice(0, 8)}`;
  await uploadOrder(page, name, email);

  // The inbox: the newest first, the order with its person, contact and 'Nueva'.
  await signInAsAdmin(page);
  await openSection(page, 'Órdenes médicas');
  await expect(page.getByRole('heading', { name: 'Órdenes médicas', level: 1 })).toBeFocused();
  const table = page.getByRole('table', { name: /Órdenes médicas subidas en el widget/ });
  const row = table.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(name);
  await expect(row).toContainText('Nueva');
  await expect(row).toContainText(/En plazo: responder antes de las \d\d:\d\d/);
  await expectNoViolations(page, 'the inbox');

  // Its page, by keyboard: contact, address, the file inline with its title.
  await row.getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^Orden médica [0-9A-F]{8}$/, level: 1 })).toBeFocused();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByText(/Avenida Apoquindo 4500/).first()).toBeVisible();
  // The PDF is shown in the page when asked for (its viewer would take the focus on opening).
  const show = page.getByRole('button', { name: 'Ver Archivo 1: orden.pdf' });
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await show.click();
  const frame = page.locator('iframe[title="Archivo 1: orden.pdf"]');
  await expect(frame).toBeAttached();
  await expect(page.getByRole('button', { name: 'Ocultar Archivo 1: orden.pdf' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const fileUrl = (await frame.getAttribute('src')) ?? '';
  const file = await page.request.get(fileUrl);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(file.headers()['content-disposition']).toBe('inline');
  expect(file.headers()['x-content-type-options']).toBe('nosniff');
  expect(file.headers()['content-security-policy']).toMatch(/^sandbox/);
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expectNoViolations(page, 'the lead page');

  // Contacted, with a note, said and shown with who changed it.
  await page.getByLabel('Nuevo estado').selectOption({ label: 'Contactada' });
  await page.getByLabel('Nota (opcional)').fill('Llamé: prefiere la cotización por correo.');
  await page.getByRole('button', { name: 'Cambiar estado' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Estado cambiado a Contactada.' })).toBeFocused();
  await expect(page.getByText('Llamé: prefiere la cotización por correo.', { exact: true })).toBeVisible();

  // The cart: Glicemia found in the catalogue, added, the link sent.
  const search = page.getByRole('search', { name: 'Buscar en el catálogo' });
  await search.getByLabel('Buscar en el catálogo').fill('Glicemia');
  await search.getByLabel('Buscar en el catálogo').press('Enter');
  await page.getByRole('button', { name: 'Agregar Glicemia', exact: true }).click();
  await expect(page.getByTestId('lead-cart')).toContainText('Glicemia');
  await expectNoViolations(page, 'the cart builder');
  await page.getByRole('button', { name: 'Enviar enlace del carrito' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Enviamos el enlace del carrito a ${email}.` }),
  ).toBeFocused();
  await expect(page.getByText('Cotizada', { exact: true }).first()).toBeVisible();

  // The e-mail with the link, opened by the person in a browser of their own, booked and paid.
  const mail = await waitForMail(request, (m) => m.to.includes(email));
  expect(mail.subject).toBe('Tu cotización está lista: reserva tu visita a domicilio');
  const link = /https?:\/\/\S+\?cart-maker=[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? '';
  expect(link).toContain('/demo?cart-maker=lead-');
  const person = await browser.newContext();
  const widget = await person.newPage();
  await widget.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(widget.getByRole('heading', { name: 'Tu carrito' })).toBeVisible();
  await expect(widget.getByText('Glicemia', { exact: true })).toBeVisible();
  await widget.getByRole('button', { name: 'Continuar' }).click();
  // The lead's address came with the cart: the date step follows.
  await expect(widget.locator('[data-step="date"]')).toBeVisible();
  await holdFirstBlock(widget);
  await fillPatient(widget, {
    firstName: 'Lorena',
    lastName: 'Orden',
    secondLastName: 'Pérez',
    day: '5',
    month: 'Marzo',
    year: '1985',
    document: freshRut(),
    email,
    phone: '+56911112222',
  });
  await widget.getByRole('button', { name: 'Continuar' }).click();
  await expect(widget.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  await widget.getByRole('button', { name: 'Continuar' }).click();
  await widget.getByRole('button', { name: 'Tarjeta de crédito' }).click();
  await fillCard(widget, { number: TEST_VISA, name: 'APRO', exp: '11/30', cvc: '123' });
  const paid = widget.waitForResponse((r) => r.url().includes('/card/') && r.request().method() === 'POST');
  await widget.getByRole('button', { name: 'Continuar' }).click();
  const payment = await paid;
  expect(payment.status(), await payment.text()).toBe(200);
  const appointmentId = /mercado-pago\/([^/]+)\/card\//.exec(payment.url())?.[1] ?? '';
  await expect(widget.getByRole('heading', { name: '¡Tu cita está agendada!' })).toBeVisible();
  await person.close();

  // The lead is booked, with its appointment, and its status no longer changes by hand.
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Orden médica /, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver la cita agendada' })).toHaveAttribute(
    'href',
    `/console/citas/${appointmentId}`,
  );
  await expect(page.getByText('Agendada', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cambiar estado' })).toHaveCount(0);
  await expectNoViolations(page, 'the booked lead');
  await page.getByRole('link', { name: 'Volver a las órdenes médicas' }).click();
  await expect(page).toHaveURL(/\/console\/ordenes$/);
  await expect(table.getByRole('row').filter({ hasText: email })).toContainText('Agendada');
});
