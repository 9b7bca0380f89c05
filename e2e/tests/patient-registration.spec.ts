import { expect, test } from '@playwright/test';
import { addExam, goToServices } from './address-and-services-helpers.ts';
import {
  fillPatient,
  freshEmail,
  freshRut,
  holdFirstBlock,
  servicesToDate,
} from './patients-and-payment-helpers.ts';

test.describe.configure({ timeout: 90_000 });

test("a new patient who chooses 'No binario' on idoktor registers and reaches the confirmation", async ({
  page,
}) => {
  await goToServices(page, undefined, 'idoktor');
  await addExam(page, 'Glicemia');
  await servicesToDate(page);
  await holdFirstBlock(page);

  await expect(page.getByLabel('Género')).toBeVisible();
  await fillPatient(page, {
    firstName: 'Alex',
    lastName: 'Soto',
    secondLastName: 'Fuentes',
    day: '9',
    month: 'Agosto',
    year: '1994',
    document: freshRut(),
    email: freshEmail(),
    phone: '+56911223344',
  });
  await page.getByLabel('Género').selectOption({ label: 'No binario' });

  const registered = page.waitForResponse((r) => r.url().includes('/users/register_wo_password/'));
  const finalised = page.waitForResponse((r) => r.url().includes('/finalize/'));
  await page.getByRole('button', { name: 'Continuar' }).click();
  const registration = await registered;
  expect(registration.request().postDataJSON()).toMatchObject({ gender: 'other' });
  expect(registration.status()).toBe(201);
  expect((await finalised).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
});
