import { expect, type Locator, test } from '@playwright/test';
import {
  addExam,
  APOQUINDO,
  expectNoSeriousAxeViolations,
  goToServices,
} from './address-and-services-helpers.ts';
import {
  fillCard,
  fillPatient,
  freshEmail,
  companyEmployeeRut,
  holdFirstBlock,
  servicesToDate,
  TEST_VISA,
} from './patients-and-payment-helpers.ts';

/**
 * A booking for demo-split, whose client steps include split-payment: after the
 * patient step, '¿Qué análisis clínicos paga la empresa?' lets the company take the checked
 * exams; the patient pays the rest.
 */

const pesos = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));
const clp = (amount: number) => `$${amount.toLocaleString('es-CL')}`;

async function rowPrice(row: Locator): Promise<number> {
  return pesos(await row.locator('span').last().textContent());
}

test.describe.configure({ timeout: 120_000 });

test('the company pays the checked exam, the patient the rest, and the booking is paid to success', async ({
  page,
}) => {
  await goToServices(page, APOQUINDO, 'demo-split');
  await addExam(page, 'Glicemia');
  await addExam(page, 'Hemograma');
  await servicesToDate(page);
  await holdFirstBlock(page);
  await fillPatient(page, {
    firstName: 'Josefa',
    lastName: 'Muñoz',
    secondLastName: 'Araya',
    day: '9',
    month: 'Octubre',
    year: '1992',
    document: companyEmployeeRut(),
    email: freshEmail(),
    phone: '+56976543210',
  });
  const finalised = page.waitForResponse((r) => r.url().includes('/finalize/'));
  await page.getByRole('button', { name: 'Continuar' }).click();
  expect((await finalised).status()).toBe(200);

  // The company-pays step, per patient (named), before the confirmation.
  await expect(page.getByRole('heading', { name: '¿Qué análisis clínicos paga la empresa?' })).toBeVisible();
  const patient = page.getByRole('group', { name: 'Josefa Muñoz Araya' });
  await expect(patient).toBeVisible();
  const glicemia = patient.getByRole('listitem').filter({ hasText: /Glicemia/i });
  const hemograma = patient.getByRole('listitem').filter({ hasText: /Hemograma/i });
  const glicemiaPrice = await rowPrice(glicemia);
  const hemogramaPrice = await rowPrice(hemograma);
  expect(glicemiaPrice).toBeGreaterThan(0);
  expect(hemogramaPrice).toBeGreaterThan(0);
  const clientPays = page.getByText('Paga la empresa:').locator('..');
  const patientPays = page.getByText('Exámenes que paga la persona atendida:').locator('..');
  // Nothing checked: the patient pays everything.
  await expect(clientPays).toHaveText(`Paga la empresa: ${clp(0)}`);
  await expect(patientPays).toHaveText(
    `Exámenes que paga la persona atendida: ${clp(glicemiaPrice + hemogramaPrice)}`,
  );
  await glicemia.getByRole('checkbox').check();
  await expect(clientPays).toHaveText(`Paga la empresa: ${clp(glicemiaPrice)}`);
  await expect(patientPays).toHaveText(`Exámenes que paga la persona atendida: ${clp(hemogramaPrice)}`);
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  const totalCell = page.locator('[data-row="total-amount"] td');
  await expect(totalCell).toHaveText(/^\$[\d.]+$/);
  const fullTotal = Number((await totalCell.innerText()).replace(/\D/g, ''));
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Método de pago', level: 1 })).toBeVisible();
  // The card pays the patient's part only: the whole total less the exam the company pays.
  const patientPart = fullTotal - glicemiaPrice;
  await expect(page.locator('p', { hasText: 'Total a pagar:' })).toHaveText(
    `Total a pagar: ${clp(patientPart)}`,
  );
  await page.getByRole('button', { name: 'Tarjeta de crédito' }).click();
  await fillCard(page, { number: TEST_VISA, name: 'APRO', exp: '11/30', cvc: '123' });
  const paid = page.waitForResponse((r) => r.url().includes('/card/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Continuar' }).click();
  const payment = await paid;
  expect(payment.status()).toBe(200);
  const body = payment.request().postDataJSON();
  expect(body.amount).toBe(patientPart);
  expect(body.client_exams_to_pay).toEqual([{ patient_index: 0, item_ids: [expect.any(Number)] }]);
  await expect(page.getByRole('heading', { name: '¡Tu cita está agendada!' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('when the company pays every exam the booking is confirmed without a card', async ({ page }) => {
  await goToServices(page, APOQUINDO, 'demo-split');
  await addExam(page, 'Glicemia');
  await servicesToDate(page);
  await holdFirstBlock(page);
  await fillPatient(page, {
    firstName: 'Tomás',
    lastName: 'Reyes',
    secondLastName: 'Silva',
    day: '4',
    month: 'Enero',
    year: '1988',
    document: companyEmployeeRut(),
    email: freshEmail(),
    phone: '+56976540000',
  });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: '¿Qué análisis clínicos paga la empresa?' })).toBeVisible();
  await page.getByRole('group', { name: 'Tomás Reyes Silva' }).getByRole('checkbox').check();
  await expect(page.getByText('Exámenes que paga la persona atendida:').locator('..')).toHaveText(
    `Exámenes que paga la persona atendida: ${clp(0)}`,
  );
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  const confirmed = page.waitForResponse((r) => r.url().includes('/manual_confirm/'));
  await page.getByRole('button', { name: 'Continuar' }).click();
  const confirmation = await confirmed;
  expect(confirmation.status()).toBe(200);
  expect(confirmation.request().postDataJSON()).toMatchObject({
    split_payment: true,
    client_exams_to_pay: [{ patient_index: 0, item_ids: [expect.any(Number)] }],
    patient_exams_to_pay: [],
  });
  // Nothing was charged: the company owes the visit, recorded as such.
  expect((await confirmation.json()).payment_status).toBe('Company Billed');
  await expect(page.getByRole('heading', { name: '¡Tu cita está agendada!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tarjeta de crédito' })).toHaveCount(0);
});
