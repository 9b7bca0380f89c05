import { expect, type Page, test } from '@playwright/test';
import { addExam, expectNoWcagViolations, goToServices } from './address-and-services-helpers.ts';
import { holdFirstBlock, servicesToDate } from './patients-and-payment-helpers.ts';

test.describe.configure({ timeout: 90_000 });

/**
 * The first hold answers as if it had been taken 16 minutes ago (4 minutes left, inside the
 * warning); the extension that follows is the server's own answer, 20 minutes.
 */
async function holdWithFourMinutesLeft(page: Page): Promise<void> {
  let shortened = false;
  await page.route(
    (url) => url.pathname.includes('/schedule/'),
    async (route) => {
      if (route.request().method() !== 'POST' || shortened) return route.continue();
      const response = await route.fetch();
      if (response.status() !== 200) return route.fulfill({ response });
      shortened = true;
      const body = (await response.json()) as { expires_at: string };
      const expiresAt = new Date(Date.now() + 4 * 60_000).toISOString();
      return route.fulfill({ response, json: { ...body, expires_at: expiresAt } });
    },
  );
}

/** Whether the whole of the element is inside the viewport. */
async function inViewport(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
  });
}

test("at 390 px the hold warning shows where 'Continuar' is, covers nothing, and extending keeps focus", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await holdWithFourMinutesLeft(page);
  await goToServices(page);
  await addExam(page, 'Glicemia');
  await servicesToDate(page);
  await holdFirstBlock(page);
  await expect(page.getByRole('heading', { name: 'Datos del paciente' })).toBeVisible();

  const warning = page.getByTestId('hold-warning');
  await expect(warning).toContainText('Tu reserva de horario vence en menos de 5 minutos.');
  const continueButton = page.getByRole('button', { name: 'Continuar' });
  // The form is longer than the screen: the person scrolls down to 'Continuar'.
  expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
  await expect(continueButton).not.toBeInViewport();
  await continueButton.scrollIntoViewIfNeeded();
  await expect(continueButton).toBeInViewport({ ratio: 1 });
  expect(await inViewport(page, '[data-testid="hold-warning"]')).toBe(true);
  // The bar does not cover 'Continuar': the point at its middle is the button itself.
  const covered = await continueButton.evaluate((button) => {
    const box = button.getBoundingClientRect();
    const atMiddle = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !(atMiddle && button.contains(atMiddle));
  });
  expect(covered).toBe(false);
  // And half way down the form, the warning is on screen too.
  await page.getByLabel('Primer nombre').scrollIntoViewIfNeeded();
  expect(await inViewport(page, '[data-testid="hold-warning"]')).toBe(true);
  await expectNoWcagViolations(page, 'patient step with the hold warning');

  const extended = page.waitForResponse(
    (r) => r.url().includes('/schedule/') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Extender reserva' }).click();
  expect((await extended).status()).toBe(200);
  await expect(warning).toHaveCount(0);
  // Focus did not fall to the page: it is on the countdown, which shows the new time.
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  await expect(page.getByTestId('hold-timer')).toBeFocused();
  await expect(page.getByTestId('hold-timer')).toHaveText(
    /^Tu horario queda reservado por (20 minutos|19 minutos y \d+ segundos?)\.$/,
  );
  await expectNoWcagViolations(page, 'patient step after extending the hold');
});
