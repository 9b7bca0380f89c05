import { expect, type Page, test } from '@playwright/test';
import { contrastRatio } from '@visita/domain/theme';
import {
  addExam,
  ANTOFAGASTA,
  APOQUINDO,
  chooseAddress,
  expectNoWcagViolations,
  goToAddress,
} from './address-and-services-helpers.ts';
import {
  fillCard,
  fillPatient,
  freshEmail,
  freshRut,
  holdFirstBlock,
  servicesToDate,
  TEST_VISA,
} from './patients-and-payment-helpers.ts';

// Whole walks with axe on several steps: slower than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 180_000 });

/** The focused element's outline colour, as #rrggbb, and its width in px. */
async function focusRing(page: Page): Promise<{ colour: string; width: number }> {
  return page.evaluate(() => {
    const style = getComputedStyle(document.activeElement as Element);
    const [r, g, b] = (style.outlineColor.match(/\d+/g) ?? []).map(Number);
    const hex = `#${[r, g, b].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('')}`;
    return { colour: hex, width: Number.parseFloat(style.outlineWidth) };
  });
}

// A dark brand, a mid orange (white text on it is 3.8:1) and a light yellow (a ring in its own
// colour would be 1.4:1 on white).
for (const client of ['clinicaalemana', 'confuturo', 'demo-claro']) {
  test(`${client}: every step of a booking reaches WCAG 2.2 AA in the partner's colours, focus visible`, async ({
    page,
  }) => {
    await page.goto(`/${client}`);
    await expect(page.getByRole('button', { name: 'Continuar' })).toBeVisible();
    await expectNoWcagViolations(page, 'introduction');

    // Focus reached by keyboard is drawn at 3:1 on the white surface, whatever the partner's colour.
    await page.getByRole('button', { name: 'Continuar' }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const ring = await focusRing(page);
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(contrastRatio(ring.colour, '#ffffff')).toBeGreaterThanOrEqual(3);

    await goToAddress(page, client);
    await expectNoWcagViolations(page, 'address');
    await chooseAddress(page, APOQUINDO);
    await expect(page.getByRole('combobox', { name: 'Dirección' })).toHaveValue(/,/);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('heading', { name: 'Servicios', level: 1 })).toBeVisible();
    await expectNoWcagViolations(page, 'services (empty)');
    await addExam(page, 'Glicemia');
    await expect(page.getByRole('button', { name: 'Eliminar' }).first()).toBeVisible();
    await expectNoWcagViolations(page, 'services');

    await servicesToDate(page);
    await expect(page.locator('.visita-time[aria-pressed="true"]')).toBeVisible();
    await expectNoWcagViolations(page, 'date');

    await holdFirstBlock(page);
    await expect(page.getByRole('heading', { name: 'Datos del paciente' })).toBeVisible();
    await expectNoWcagViolations(page, 'patient');
    await fillPatient(page, {
      firstName: 'Inés',
      lastName: 'Vera',
      secondLastName: 'Soto',
      day: '3',
      month: 'Abril',
      year: '1979',
      document: freshRut(),
      email: freshEmail(),
      phone: '+56912345678',
    });
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
    await expectNoWcagViolations(page, 'confirmation');
    await page.getByRole('button', { name: 'Continuar' }).click();
    // A partner that collects the visit itself confirms here; the others pay by card first. The
    // payment step's title shows while a manual confirmation is on its way, so what tells the two
    // apart is the card option, which only a paying partner is offered.
    const card = page.getByRole('button', { name: 'Tarjeta de crédito' });
    // The success title is the partner's own where it has one (confuturo's '¡Tu beneficio
    // Confuturo está agendado!').
    const success = page.getByRole('heading', { level: 1, name: /^¡Tu .+ agendad[ao]!$/ });
    await expect(card.or(success)).toBeVisible({ timeout: 15_000 });
    if (await card.isVisible()) {
      await card.click();
      await fillCard(page, { number: TEST_VISA, name: 'APRO', exp: '11/30', cvc: '123' });
      await expectNoWcagViolations(page, 'payment');
      await page.getByRole('button', { name: 'Continuar' }).click();
    }
    await expect(success).toBeVisible({ timeout: 15_000 });
    await expectNoWcagViolations(page, 'success');
  });
}

test('the address step and an out-of-coverage dialog stay AA in a light partner colour', async ({ page }) => {
  await page.goto('/demo-claro');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: '¿Dónde te visitamos?' })).toBeVisible();
  await expectNoWcagViolations(page, 'address');
  await chooseAddress(page, ANTOFAGASTA);
  await expect(page.getByRole('dialog', { name: 'Fuera de zona de cobertura' })).toBeVisible();
  await expectNoWcagViolations(page, 'out-of-coverage dialog');
});
