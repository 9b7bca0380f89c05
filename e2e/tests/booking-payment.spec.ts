import { expect, test } from '@playwright/test';
import { addExam, expectNoSeriousAxeViolations, goToServices } from './address-and-services-helpers.ts';
import {
  fillCard,
  fillPatient,
  freshEmail,
  freshRut,
  holdFirstBlock,
  INSURGENTES,
  servicesToDate,
  TEST_VISA,
} from './patients-and-payment-helpers.ts';

test.describe.configure({ timeout: 90_000 });

test('a Chilean booking for two patients paid by card (APRO)', async ({ page }) => {
  await goToServices(page);
  await addExam(page, 'Glicemia');
  await page.getByRole('button', { name: 'Agregar paciente' }).click();
  await addExam(page, 'Hemograma', 1);
  await servicesToDate(page);

  // Date: the week strip, its label, the first block picked, its summary.
  await expect(page.getByText(/^Semana del \d{2} de [a-z]+ al \d{2} de [a-z]+$/)).toBeVisible();
  await expect(page.getByText('Selecciona un día:', { exact: true })).toBeVisible();
  await expect(page.getByText('Selecciona la hora:', { exact: true })).toBeVisible();
  await expect(page.getByText('Horario seleccionado:')).toBeVisible();
  await expect(page.locator('.visita-times')).toHaveCSS('max-height', '192px');
  await expect(page.locator('.visita-times')).toHaveCSS('grid-template-columns', /^\S+ \S+$/);
  await expectNoSeriousAxeViolations(page);
  await holdFirstBlock(page);

  // Patient 1, then patient 2.
  await expect(page.getByRole('heading', { name: 'Datos del paciente 1' })).toBeVisible();
  await expect(page.getByTestId('hold-timer')).toHaveText(
    /^Tu horario queda reservado por (19 minutos y \d{1,2} segundos?|20 minutos)\.$/,
  );
  await expect(page.getByLabel('Teléfono')).toHaveValue('+56 9');
  await expectNoSeriousAxeViolations(page);
  await fillPatient(page, {
    firstName: 'maría josé',
    lastName: 'González',
    secondLastName: 'Pérez',
    day: '15',
    month: 'Marzo',
    year: '1985',
    document: freshRut().replace(/[.-]/g, ''),
    email: freshEmail(),
    phone: '+56912345678',
    gender: 'Femenino',
  });
  // The Rut is formatted while typing.
  await expect(page.getByLabel(/^Número de documento/)).toHaveValue(/^\d{1,2}\.\d{3}\.\d{3}-[\dK]$/);
  await page.getByRole('button', { name: 'Paciente siguiente' }).click();
  await expect(page.getByRole('heading', { name: 'Datos del paciente 2' })).toBeVisible();
  // A new patient starts from an empty form.
  await expect(page.getByLabel('Primer nombre')).toHaveValue('');
  // Back to patient 1 refills the form.
  await page.getByRole('button', { name: 'Paciente anterior' }).click();
  await expect(page.getByLabel('Primer nombre')).toHaveValue('maría josé');
  await page.getByRole('button', { name: 'Paciente siguiente' }).click();
  await fillPatient(page, {
    firstName: 'Pedro',
    lastName: 'González',
    secondLastName: 'Soto',
    day: '2',
    month: 'Julio',
    year: '2010',
    document: freshRut(),
    email: freshEmail(),
    phone: '912345678',
  });
  const finalised = page.waitForResponse((r) => r.url().includes('/finalize/'));
  await page.getByRole('button', { name: 'Continuar' }).click();
  expect((await finalised).status()).toBe(200);

  await expect(page.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Payment: debit and credit accordions in Chile, one open at a time.
  await expect(page.getByRole('heading', { name: 'Método de pago', level: 1 })).toBeVisible();
  const credit = page.getByRole('button', { name: 'Tarjeta de crédito' });
  const debit = page.getByRole('button', { name: 'Tarjeta de débito' });
  await expect(page.getByRole('button', { name: 'Pago en domicilio' })).toHaveCount(0);
  const pay = page.getByRole('button', { name: 'Continuar' });
  await expect(pay).toBeDisabled();
  await debit.click();
  await credit.click();
  await expect(debit).toHaveAttribute('aria-expanded', 'false');
  await expect(credit).toHaveAttribute('aria-expanded', 'true');
  await fillCard(page, { number: TEST_VISA, name: 'APRO', exp: '11/30', cvc: '123' });
  await expect(page.getByLabel('Número de tarjeta')).toHaveValue('4509 9535 6623 3704');
  await expect(page.locator('[data-brand="visa"]')).toHaveAttribute('data-active', 'true');
  await expectNoSeriousAxeViolations(page);
  await expect(pay).toBeEnabled();
  await pay.click();

  await expect(page.getByRole('heading', { name: '¡Tu cita está agendada!' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
});

test('a rejected card (FUND) shows its message, then a retry is approved', async ({ page }) => {
  await goToServices(page);
  await addExam(page, 'Glicemia');
  await servicesToDate(page);
  await holdFirstBlock(page);
  await fillPatient(page, {
    firstName: 'Ana',
    lastName: 'Rojas',
    secondLastName: 'Vidal',
    day: '1',
    month: 'Enero',
    year: '1990',
    document: freshRut(),
    email: freshEmail(),
    phone: '+56987654321',
  });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Tarjeta de crédito' }).click();
  await fillCard(page, { number: TEST_VISA, name: 'FUND', exp: '11/30', cvc: '123' });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Pago rechazado por fondos insuficientes.' }),
  ).toBeVisible();
  await page.getByLabel('Nombre del titular').fill('APRO');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: '¡Tu cita está agendada!' })).toBeVisible();
});

test('a Mexican booking paid at home', async ({ page }) => {
  await goToServices(page, INSURGENTES, 'demo-mx');
  await addExam(page, 'Biometr');
  await servicesToDate(page);
  await holdFirstBlock(page);
  await expect(page.getByLabel('Teléfono')).toHaveValue('+52');
  // No Rut in Mexico: the document is optional and generated from the name and birth date.
  await fillPatient(page, {
    firstName: 'Luis',
    lastName: 'Hernández',
    secondLastName: 'López',
    day: '20',
    month: 'Mayo',
    year: '1980',
    email: freshEmail(),
    phone: '+52' + String(5500000000 + Math.floor(Math.random() * 99999999)),
  });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('button', { name: 'Tarjeta de débito' })).toHaveCount(0);
  const home = page.getByRole('button', { name: 'Pago en domicilio' });
  await home.click();
  // Pay at home is ready once the 500 ms switch has run.
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeEnabled();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: '¡Tu cita está agendada!' })).toBeVisible();
});
