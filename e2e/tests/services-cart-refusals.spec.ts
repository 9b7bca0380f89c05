import { expect, test } from '@playwright/test';
import { addExam, goToServices } from './address-and-services-helpers.ts';

const CURVE = 'Curva de tolerancia a la glucosa';

test('adding an exam the cart refuses says why in a toast, and the cart stays as it was', async ({
  page,
}) => {
  await goToServices(page);
  const services = page.locator('.visita-services-list .visita-service');
  await addExam(page, 'Hemograma');
  await expect(services).toHaveCount(1);

  // An exam that is scheduled alone cannot join the cart's others.
  await addExam(page, CURVE);
  await expect(page.getByRole('alert').filter({ hasText: `${CURVE} se agenda solo` })).toBeVisible();
  await expect(services).toHaveCount(1);

  // The same exam twice for the same patient.
  await addExam(page, 'Hemograma');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Hemograma ya está en el carrito de este paciente.' }),
  ).toBeVisible();
  await expect(services).toHaveCount(1);
});

test('with an exam scheduled alone in the cart, adding another names the one to remove', async ({ page }) => {
  await goToServices(page);
  await addExam(page, CURVE);
  await addExam(page, 'Hemograma');
  await expect(
    page.getByRole('alert').filter({
      hasText: `${CURVE} se agenda solo: no puede combinarse con otros exámenes en la misma visita. Quítalo del carrito para agregar Hemograma.`,
    }),
  ).toBeVisible();
});
