import { expect, test } from '@playwright/test';
import { goToServices } from './address-and-services-helpers.ts';

test("the exam search asks for every category with a null category, not 'all'", async ({ page }) => {
  await goToServices(page);
  const searched = page.waitForRequest(
    (request) =>
      request.url().includes('/api/v2/search/client/') &&
      new URL(request.url()).searchParams.get('query') === 'Hemograma',
  );
  await page.getByRole('combobox', { name: 'Buscar examen' }).fill('Hemograma');
  const url = new URL((await searched).url());
  expect(url.searchParams.has('category')).toBe(false);
  await expect(page.getByRole('option', { name: /Hemograma/ }).first()).toBeVisible();
});

test('typed fast and chosen at once, the search adds the exam typed or nothing, never another', async ({
  page,
}) => {
  // Every answer takes a while, as on a slow network: the window in which the last answer is
  // still the one on screen is wide.
  await page.route('**/api/v2/search/client/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await goToServices(page);
  const search = page.getByRole('combobox', { name: 'Buscar examen' });
  await search.focus();
  // The whole list (the answer for no text) is on screen before typing.
  await expect(page.getByRole('option').first()).toBeVisible();
  const added = page.getByRole('list', { name: 'Paciente 1' }).getByRole('listitem');
  const others = added.filter({ hasNotText: 'Perfil lipídico' });

  await search.pressSequentially('perfil lip');
  // Meanwhile only the options that match the text are offered.
  expect(
    await page
      .getByRole('option')
      .filter({ hasNotText: /perfil lip/i })
      .count(),
  ).toBe(0);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(others).toHaveCount(0);

  // A click on the first option offered right after typing, too.
  await search.fill('');
  await search.pressSequentially('perfil lip');
  const first = page.getByRole('option').first();
  if (await first.isVisible()) await first.click();
  await expect(others).toHaveCount(0);

  // Once this text's answer is there, the exam is offered and added.
  await search.fill('perfil lip');
  await expect(page.getByRole('listbox', { name: 'Buscar examen' })).toHaveAttribute('aria-busy', 'false');
  await page
    .getByRole('option', { name: /Perfil lipídico/ })
    .first()
    .click();
  await expect(page.getByRole('button', { name: /^Eliminar Perfil lipídico/ })).toBeVisible();
  await expect(others).toHaveCount(0);
});
