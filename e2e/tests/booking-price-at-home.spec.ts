import { expect, test } from '@playwright/test';
import { addExam, APOQUINDO, goToServices } from './address-and-services-helpers.ts';

test("a partner whose exams are 'A calcular en domicilio': 'Total a pagar' is only the service, what the card is charged", async ({
  page,
}) => {
  await goToServices(page, APOQUINDO, 'clinicaalemana');
  const quoted = page.waitForResponse((r) => r.url().endsWith('/api/v2/cart-price/') && r.status() === 200);
  await addExam(page, 'Hemograma');
  const answer = (await (await quoted).json()) as {
    net_price: number;
    payment_at_home: number;
    service_fee: number;
  };
  expect(answer.payment_at_home).toBeGreaterThan(0);
  const paidNow = answer.net_price - answer.payment_at_home;
  const money = (amount: number) => `$${amount.toLocaleString('es-CL')}`;
  await expect(page.locator('[data-row="total-exams"] td')).toHaveText('A calcular en domicilio');
  await expect(page.locator('[data-row="service"] td')).toHaveText(money(answer.service_fee));
  await expect(page.locator('[data-row="total-amount"] td')).toHaveText(money(paidNow));
  // The partner confirms without a card: the total is what is paid at the address, and says so.
  await expect(page.locator('[data-row="total-amount"] th')).toHaveText('Total a pagar en domicilio');
});
