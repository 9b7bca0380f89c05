import { expect, type Page, test } from '@playwright/test';
import {
  addExam,
  APOQUINDO,
  expectNoSeriousAxeViolations,
  goToServices,
} from './address-and-services-helpers.ts';
import {
  fillPatient,
  freshEmail,
  freshRut,
  holdFirstBlock,
  servicesToDate,
} from './patients-and-payment-helpers.ts';

test.describe.configure({ timeout: 90_000 });

/** Services chosen: hold the first block and save one patient, which leads to the confirmation. */
async function toConfirmation(page: Page): Promise<void> {
  await servicesToDate(page);
  await holdFirstBlock(page);
  await fillPatient(page, {
    firstName: 'Ana',
    lastName: 'Muñoz',
    secondLastName: 'Rojas',
    day: '3',
    month: 'Abril',
    year: '1990',
    document: freshRut(),
    email: freshEmail(),
    phone: '+56987654321',
    gender: 'Femenino',
  });
  const finalised = page.waitForResponse((r) => r.url().includes('/finalize/'));
  await page.getByRole('button', { name: 'Continuar' }).click();
  expect((await finalised).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Confirma tu cita', level: 1 })).toBeVisible();
}

const row = (page: Page, key: string) => page.locator(`[data-row="${key}"] td`);

test('the confirmation shows the address with Editar, the services with fasting, the details and the insurance toggle', async ({
  page,
}) => {
  await goToServices(page);
  await addExam(page, 'Glicemia');
  await addExam(page, 'Perfil lip');
  await toConfirmation(page);

  await expect(page.getByText(/Avenida Apoquindo 4500.*Las Condes/)).toBeVisible();
  const services = page.locator('.visita-services-list');
  await expect(services.getByText('Glicemia')).toBeVisible();
  await expect(services.getByText('requiere ayuno de 8 horas.')).toBeVisible();
  await expect(services.getByText('requiere ayuno de 12 horas.')).toBeVisible();
  // Particular: 4.990 + 12.990 in exams, no Fonasa bonus row.
  await expect(row(page, 'total-exams')).toHaveText('$17.980');
  await expect(page.locator('[data-row="fonasa-bonus"]')).toHaveCount(0);
  const particular = page.getByRole('radio', { name: 'Particular e isapre' });
  const fonasa = page.getByRole('radio', { name: 'Fonasa' });
  await expect(particular).toBeChecked();
  await expectNoSeriousAxeViolations(page);

  // Fonasa: the bonus row appears and the total falls; the payment charges that new total.
  const totalBefore = await row(page, 'total-amount').innerText();
  await fonasa.check();
  // The copay is tier B, C or D's: the tier is asked.
  await page.getByRole('combobox', { name: 'Tramo Fonasa' }).selectOption({ label: 'Tramo B' });
  await expect(page.locator('[data-row="fonasa-bonus"]')).toBeVisible();
  await expect(row(page, 'total-amount')).not.toHaveText('Espere...');
  await expect(row(page, 'total-amount')).not.toHaveText(totalBefore);
  const totalAfter = await row(page, 'total-amount').innerText();
  // The purchase event is a DOM event on the widget's window (its contents are not in the product).
  await page.evaluate(() => {
    const w = window as unknown as { purchases: unknown[] };
    w.purchases = [];
    window.addEventListener('visita:purchase', (event) => w.purchases.push((event as CustomEvent).detail));
  });
  const saved = page.waitForResponse(
    (r) => r.url().includes('/patients/') && r.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'Continuar' }).click();
  const patch = await saved;
  expect(patch.status()).toBe(200);
  expect(patch.request().postDataJSON().patients[0]).toMatchObject({ is_fonasa: true, fonasa_tier: 'B' });
  await expect(page.getByRole('heading', { name: 'Método de pago', level: 1 })).toBeVisible();
  const purchases = await page.evaluate(() => (window as unknown as { purchases: unknown[] }).purchases);
  expect(purchases).toEqual([expect.objectContaining({ appointmentId: expect.any(String) })]);
  await expect(page.locator('p', { hasText: 'Total a pagar:' })).toHaveText(`Total a pagar: ${totalAfter}`);
});

test('Editar goes back to the address step', async ({ page }) => {
  await goToServices(page);
  await addExam(page, 'Glicemia');
  await toConfirmation(page);
  await page.getByRole('button', { name: /Editar/ }).click();
  await expect(page.getByRole('heading', { name: '¿Dónde te visitamos?' })).toBeVisible();
});

test('clinicaalemana shows "A calcular en domicilio" and its warning note at the confirmation', async ({
  page,
}) => {
  await goToServices(page, APOQUINDO, 'clinicaalemana');
  await addExam(page, 'Glicemia');
  await toConfirmation(page);
  await expect(row(page, 'total-exams')).toHaveText('A calcular en domicilio');
  await expect(
    page.getByText('El valor de los exámenes se cobrará en el domicilio según tu previsión.'),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
