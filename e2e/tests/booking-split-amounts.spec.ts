import { expect, test } from '@playwright/test';
import { addExam, APOQUINDO, goToServices } from './address-and-services-helpers.ts';
import {
  fillCard,
  fillPatient,
  freshEmail,
  companyEmployeeRut,
  holdFirstBlock,
  servicesToDate,
  TEST_VISA,
} from './patients-and-payment-helpers.ts';

const pesos = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

test.describe.configure({ timeout: 120_000 });

test('split payment tells one story: the confirmation says what the company and the card pay, and the card is charged exactly that', async ({
  page,
}) => {
  await goToServices(page, APOQUINDO, 'demo-split');
  await addExam(page, 'Glicemia');
  await addExam(page, 'Hemograma');
  await servicesToDate(page);
  await holdFirstBlock(page);
  await fillPatient(page, {
    firstName: 'Ignacio',
    lastName: 'Soto',
    secondLastName: 'Lagos',
    day: '5',
    month: 'Mayo',
    year: '1984',
    document: companyEmployeeRut(),
    email: freshEmail(),
    phone: '+56976541111',
  });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: '¿Qué análisis clínicos paga la empresa?' })).toBeVisible();
  const glicemia = page.getByRole('listitem').filter({ hasText: /Glicemia/i });
  const companyPart = pesos(await glicemia.locator('span').last().textContent());
  await glicemia.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  const split = page.getByTestId('split-summary');
  await expect(split).toContainText(`Paga la empresa: $${companyPart.toLocaleString('es-CL')}`);
  const cardLine = page.getByTestId('split-patient-pays');
  await expect(cardLine).toHaveText(
    /^Pagas con tarjeta \(exámenes restantes y servicio a domicilio\): \$[\d.]+$/,
  );
  const cardAmount = pesos((await cardLine.textContent())?.split(':')[1] ?? '');
  // The company's exams and the card's part make the whole total, nothing counted twice.
  const totalCell = page.locator('[data-row="total-amount"] td');
  await expect(totalCell).toHaveText(/^\$[\d.]+$/);
  const total = pesos(await totalCell.textContent());
  expect(cardAmount + companyPart).toBe(total);

  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.locator('p', { hasText: 'Total a pagar:' })).toHaveText(
    `Total a pagar: $${cardAmount.toLocaleString('es-CL')}`,
  );
  await page.getByRole('button', { name: 'Tarjeta de crédito' }).click();
  await fillCard(page, { number: TEST_VISA, name: 'APRO', exp: '11/30', cvc: '123' });
  const paid = page.waitForResponse((r) => r.url().includes('/card/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Continuar' }).click();
  const payment = await paid;
  expect(payment.status()).toBe(200);
  expect(payment.request().postDataJSON().amount).toBe(cardAmount);
  await expect(page.getByRole('heading', { name: '¡Tu cita está agendada!' })).toBeVisible();
});
