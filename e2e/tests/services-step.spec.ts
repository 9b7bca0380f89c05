import { expect, test } from '@playwright/test';
import {
  addExam,
  expectNoSeriousAxeViolations,
  goToServices,
  TALAGANTE,
} from './address-and-services-helpers.ts';

test('search, add and remove services with the sub-item, fasting and more-info texts', async ({ page }) => {
  await goToServices(page);
  await expect(page.getByText('No has agregado servicios', { exact: true })).toBeVisible();
  // The search opens on focus.
  const search = page.getByRole('combobox', { name: 'Buscar examen' });
  await search.focus();
  await expect(page.getByRole('listbox', { name: 'Buscar examen' })).toBeVisible();
  // Clearing closes it.
  await search.fill('glic');
  await search.fill('');
  await expect(page.getByRole('listbox', { name: 'Buscar examen' })).toHaveCount(0);
  await addExam(page, 'Chequeo preventivo');
  await addExam(page, 'Glicemia');
  const services = page.getByRole('list', { name: 'Paciente 1' });
  await expect(services.getByRole('listitem')).toHaveCount(2);
  await expect(
    page.getByText('Este examen tiene valor $0 porque ya está incluido en Chequeo preventivo', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(page.getByText('Glicemia requiere ayuno de 8 horas.', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Más información Glicemia' })).toHaveAttribute(
    'href',
    '/wiki/glicemia?client=demo',
  );
  await expect(page.getByRole('link', { name: 'Más información Chequeo preventivo' })).toHaveAttribute(
    'href',
    /^\/servicios-disponibles\/packs\//,
  );
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Eliminar Glicemia' }).click();
  await expect(services.getByRole('listitem')).toHaveCount(1);
  // The panel hides and shows its detail.
  await page.getByRole('button', { name: 'Ocultar detalle' }).click();
  await expect(search).toBeHidden();
  await page.getByRole('button', { name: 'Ver detalle' }).click();
  await expect(search).toBeVisible();
});

test('the price table waits 800 ms, shows Espere... and then the quote of the last cart', async ({
  page,
}) => {
  await goToServices(page);
  const quotes: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v2/cart-price/')) quotes.push(request.postData() ?? '');
  });
  await addExam(page, 'Glicemia');
  const total = page.locator('[data-row="total-amount"] td');
  await expect(total).toHaveText('Espere...');
  await expect(total).toHaveText(/^\$\d{1,3}(\.\d{3})*$/);
  await expect(page.locator('[data-row="total-exams"] td')).toHaveText('$4.990');
  expect(quotes).toHaveLength(1);
  // Two changes within 800 ms make a single request, for the last cart.
  await page.getByRole('button', { name: 'Eliminar Glicemia' }).click();
  await addExam(page, 'Hemograma');
  await expect(total).not.toHaveText('Espere...');
  await expect(page.locator('[data-row="total-exams"] td')).not.toHaveText('$4.990');
  expect(quotes.length).toBeLessThanOrEqual(3);
  expect(JSON.parse(quotes.at(-1) ?? '{}').patients[0].items).toHaveLength(1);
});

test('Fonasa is disabled in Talagante, with its tooltip', async ({ page }) => {
  await goToServices(page, TALAGANTE);
  const fonasa = page.getByRole('switch', { name: 'Fonasa' });
  await expect(fonasa).toBeDisabled();
  await expect(
    page.getByRole('tooltip').filter({
      hasText:
        'Aún no llegamos a tu comuna con exámenes con cobertura Fonasa. Pero aún puedes agendar de forma particular',
    }),
  ).toBeAttached();
  await expect(fonasa).toHaveAttribute('aria-describedby', /.+/);
});

test('Fonasa in Las Condes adds the Fonasa bonus row', async ({ page }) => {
  await goToServices(page);
  await addExam(page, 'Glicemia');
  await expect(page.locator('[data-row="fonasa-bonus"]')).toHaveCount(0);
  await page.getByRole('switch', { name: 'Fonasa' }).check();
  await expect(page.locator('[data-row="fonasa-bonus"]')).toBeVisible();
});

test('coupons: empty, valid, expired, used and exhausted', async ({ page }) => {
  await goToServices(page);
  const coupon = page.getByRole('textbox', { name: 'Cupón de descuento' });
  await expect(coupon).toBeDisabled();
  await addExam(page, 'Glicemia');
  await expect(coupon).toBeEnabled();
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('No has ingresado ningún cupón', { exact: true })).toBeVisible();

  const cases = [
    ['expirado', 'Expirado', 'Este cupón ya expiró'],
    ['USADO', 'Inválido', 'Este cupón ya fue utilizado'],
    ['AGOTADO', 'Inválido', 'Este cupón ya no se puede utilizar'],
    ['NOEXISTE', 'Inválido', 'Este cupón no es válido'],
  ] as const;
  for (const [code, label, toast] of cases) {
    await coupon.fill(code);
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page.getByRole('button', { name: label })).toBeVisible();
    await expect(page.locator('.visita-toast').filter({ hasText: toast })).toBeVisible();
    await expect(page.getByText('El cupón ingresado no es válido', { exact: true })).toBeVisible();
  }
  await coupon.fill('bienvenida10');
  await expect(coupon).toHaveValue('BIENVENIDA10');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByRole('button', { name: 'Aplicado' })).toBeVisible();
  await expect(
    page.locator('.visita-toast').filter({ hasText: 'Cupón "BIENVENIDA10" aplicado correctamente.' }),
  ).toBeVisible();
  await expect(page.locator('[data-row="discount"] td')).toHaveText('-$499');
  await expectNoSeriousAxeViolations(page);
});

test('patients without services block continuing; patients up to the client limit', async ({ page }) => {
  await goToServices(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  const toast = page
    .locator('.visita-toast')
    .filter({ hasText: 'Tienes pacientes sin servicios, agrégales servicios o elimínalos para continuar' });
  await expect(toast).toBeVisible();
  // The demo client allows 5 patients per appointment.
  // Every patient's panel offers 'Agregar paciente'.
  for (let count = 2; count <= 5; count += 1) {
    await expect(page.getByRole('button', { name: 'Agregar paciente' })).toHaveCount(count - 1);
    await page.getByRole('button', { name: 'Agregar paciente' }).last().click();
  }
  await expect(page.getByRole('heading', { name: /^Paciente \d$/ })).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Agregar paciente' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Eliminar paciente 5' }).click();
  await expect(page.getByRole('heading', { name: /^Paciente \d$/ })).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Agregar paciente' })).toHaveCount(4);
  // The toast lasts 5 s.
  await expect(toast).toBeHidden({ timeout: 7000 });
});

test('Continuar creates the appointment and moves on to the date step', async ({ page }) => {
  await goToServices(page);
  await addExam(page, 'Glicemia');
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/v2/appointments/') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Continuar' }).click();
  const response = await created;
  expect(response.status()).toBeLessThan(300);
  const answer = await response.json();
  expect(answer).toMatchObject({ id: expect.any(String), token: expect.any(String) });
  await expect(page.locator('[data-step="date"]')).toBeVisible();
});
