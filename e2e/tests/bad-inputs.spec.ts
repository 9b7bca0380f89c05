import { expect, type Page, test } from '@playwright/test';
import { addExam, expectNoSeriousAxeViolations, goToServices } from './address-and-services-helpers.ts';
import {
  fillCard,
  fillPatient,
  freshEmail,
  freshRut,
  holdFirstBlock,
  servicesToDate,
  TEST_VISA,
} from './patients-and-payment-helpers.ts';

/**
 * Every part-2 form refuses its bad inputs with the product's message, tied to
 * its field for screen readers, and goes on once they are corrected.
 */

test.describe.configure({ timeout: 120_000 });

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const field = (page: Page, label: string | RegExp) =>
  page.getByLabel(label, { exact: typeof label === 'string' });

async function toPatientForm(page: Page, exam: string): Promise<void> {
  await goToServices(page);
  await addExam(page, exam);
  await servicesToDate(page);
  await holdFirstBlock(page);
  await expect(page.getByRole('heading', { name: 'Datos del paciente' })).toBeVisible();
}

test('the patient form: required fields, Rut, e-mail, phone, birth date and the vaccine age', async ({
  page,
}) => {
  await toPatientForm(page, 'Vacuna contra la influenza');
  const submit = page.getByRole('button', { name: 'Continuar' });

  // Nothing typed: every required field says so; the birth date has its own (misspelt) text.
  await submit.click();
  for (const label of ['Primer nombre', 'Apellido paterno', 'Apellido materno']) {
    await expect(field(page, label)).toHaveAccessibleDescription('completar campo');
    await expect(field(page, label)).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(field(page, /^Número de documento/)).toHaveAccessibleDescription('completar campo');
  await expect(field(page, 'Correo electrónico')).toHaveAccessibleDescription('completar campo');
  // The phone starts as the bare prefix +569: nothing typed yet, so it asks for the number.
  await expect(field(page, 'Teléfono')).toHaveAccessibleDescription('completar campo');
  await expect(page.getByRole('group', { name: 'Fecha de nacimiento' })).toHaveAccessibleDescription(
    'completar fecha de nacimiento',
  );
  // The first field in error has the focus.
  await expect(field(page, 'Primer nombre')).toBeFocused();
  await expectNoSeriousAxeViolations(page);

  // Wrong values, each with its message (validation now runs on every change).
  const thisYear = new Date().getFullYear();
  await fillPatient(page, {
    firstName: 'Tomás',
    lastName: 'Silva',
    secondLastName: 'Reyes',
    day: '31',
    month: 'Diciembre',
    year: String(thisYear),
    document: '12.345.678-9',
    email: 'tomas@',
    phone: '+569123',
  });
  await expect(field(page, 'Primer nombre')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, /^Número de documento/)).toHaveAccessibleDescription('El rut es inválido');
  await expect(field(page, 'Correo electrónico')).toHaveAccessibleDescription(
    'el email no tiene el formato correcto',
  );
  await expect(field(page, 'Teléfono')).toHaveAccessibleDescription('el número no tiene el formato correcto');
  const today = new Date();
  if (today.getMonth() !== 11 || today.getDate() !== 31) {
    await expect(page.getByRole('group', { name: 'Fecha de nacimiento' })).toHaveAccessibleDescription(
      'La fecha de nacimiento no puede ser superior a hoy',
    );
  }
  // A phone longer than Chile's 12 characters cannot be typed (the mask's spaces aside).
  await field(page, 'Teléfono').fill('+5691234567899');
  await expect(field(page, 'Teléfono')).toHaveValue('+56 912 345 678');

  // Born this year (in the past): under 3 years old, the vaccine is refused.
  await fillPatient(page, {
    firstName: 'Tomás',
    lastName: 'Silva',
    secondLastName: 'Reyes',
    day: '1',
    month: 'Enero',
    year: String(thisYear),
    document: freshRut(),
    email: freshEmail(),
    phone: '+56912345678',
  });
  await expect(page.getByRole('group', { name: 'Fecha de nacimiento' })).not.toHaveAccessibleDescription(/./);
  await submit.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Pacientes menores a 3 años no pueden ser vacunados.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Datos del paciente' })).toBeVisible();

  // Old enough: the same form goes on to the confirmation.
  await page.getByLabel('Año').selectOption(String(thisYear - 3));
  const finalised = page.waitForResponse((r) => r.url().includes('/finalize/'));
  await submit.click();
  expect((await finalised).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
});

test('the card form: number, holder, expiry and CVC', async ({ page }) => {
  await toPatientForm(page, 'Glicemia');
  await fillPatient(page, {
    firstName: 'Rocío',
    lastName: 'Parra',
    secondLastName: 'León',
    day: '3',
    month: 'Abril',
    year: '1975',
    document: freshRut(),
    email: freshEmail(),
    phone: '912345678',
  });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Tarjeta de crédito' }).click();
  const pay = page.getByRole('button', { name: 'Continuar' });

  // Luhn fails (last digit changed), the name is blank, the expiry is past, the CVC short.
  await fillCard(page, { number: '4509953566233705', name: ' ', exp: '01/20', cvc: '12' });
  await field(page, 'Número de tarjeta').focus();
  await expect(field(page, 'Número de tarjeta')).toHaveAccessibleDescription('Número de tarjeta incorrecto');
  await expect(field(page, 'Nombre del titular')).toHaveAccessibleDescription('Nombre de titular incorrecto');
  await expect(field(page, 'Vencimiento (MM/AA)')).toHaveAccessibleDescription('Expiración vencida');
  await expect(field(page, 'CVC')).toHaveAccessibleDescription('CVC está incompleto');
  await expect(pay).toBeDisabled();
  await expectNoSeriousAxeViolations(page);

  // A month that does not exist is not a valid expiry either.
  await field(page, 'Vencimiento (MM/AA)').fill('13/30');
  await expect(field(page, 'Vencimiento (MM/AA)')).toHaveAccessibleDescription('Expiración vencida');

  // Corrected one by one, each message goes; then the card is paid.
  await fillCard(page, { number: TEST_VISA, name: 'APRO', exp: '11/30', cvc: '123' });
  for (const label of ['Número de tarjeta', 'Nombre del titular', 'Vencimiento (MM/AA)', 'CVC']) {
    await expect(field(page, label)).not.toHaveAccessibleDescription(/./);
  }
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(page.getByRole('heading', { name: '¡Tu cita está agendada!' })).toBeVisible();
});

test('the medical order contact form: name, phone, e-mail and previsión', async ({ page }) => {
  await page.goto('/demo');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('radio', { name: /Agendar con mi orden médica/ }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page
    .getByTestId('order-file-input')
    .setInputFiles({ name: 'orden.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Datos de contacto' })).toBeVisible();

  const submit = page.getByRole('button', { name: 'Continuar' });
  await submit.click();
  await expect(field(page, 'Nombre completo')).toHaveAccessibleDescription('completar campo');
  // The phone starts as the bare prefix +56: nothing typed yet, so it asks for the number.
  await expect(field(page, 'Teléfono')).toHaveAccessibleDescription('completar campo');
  await expect(field(page, 'Correo electrónico')).toHaveAccessibleDescription('completar campo');
  await expect(field(page, 'Previsión')).toHaveAccessibleDescription('completar campo');
  await expect(field(page, 'Nombre completo')).toBeFocused();
  await expectNoSeriousAxeViolations(page);

  // Blank-looking and malformed values.
  await field(page, 'Nombre completo').fill('   ');
  await field(page, 'Teléfono').fill('+5691234567');
  await field(page, 'Correo electrónico').fill('carla@example');
  await expect(field(page, 'Nombre completo')).toHaveAccessibleDescription('completar campo');
  await expect(field(page, 'Teléfono')).toHaveAccessibleDescription('el número no tiene el formato correcto');
  await expect(field(page, 'Correo electrónico')).toHaveAccessibleDescription(
    'el email no tiene el formato correcto',
  );
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Datos de contacto' })).toBeVisible();

  // Corrected: on to the address.
  await field(page, 'Nombre completo').fill('Carla Muñoz');
  await field(page, 'Teléfono').fill('+56911112222');
  await field(page, 'Correo electrónico').fill(freshEmail());
  await field(page, 'Previsión').selectOption({ label: 'Isapre o Particular' });
  await expect(field(page, 'Previsión')).not.toHaveAccessibleDescription(/./);
  await submit.click();
  await expect(page.getByRole('heading', { name: '¿Dónde te visitamos?' })).toBeVisible();
});
