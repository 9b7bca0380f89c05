import { expect, test } from '@playwright/test';
import { addExam, APOQUINDO, goToServices } from './address-and-services-helpers.ts';

test("Caja Los Andes' flu vaccine shows its $6.990 promotion price, and the total adds the home-service fee", async ({
  page,
}) => {
  await goToServices(page, APOQUINDO, 'cajalosandes');
  const quoted = page.waitForResponse((r) => r.url().endsWith('/api/v2/cart-price/') && r.status() === 200);
  await addExam(page, 'Vacuna contra la influenza');
  const vaccine = page.locator('.visita-service').filter({ hasText: 'Vacuna contra la influenza' });
  await expect(vaccine).toContainText('$6.990');
  const answer = (await (await quoted).json()) as {
    base_price: number;
    service_fee: number;
    net_price: number;
  };
  expect(answer.base_price).toBe(6990);
  expect(answer.service_fee).toBeGreaterThan(0);
  expect(answer.net_price).toBe(6990 + answer.service_fee);
});
