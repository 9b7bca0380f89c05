import { expect, test } from '@playwright/test';
import { framedWidget } from './frame-helpers.ts';
import { ANTOFAGASTA, chooseAddress } from './address-and-services-helpers.ts';

test("a partner with tracking events hears of an address out of its coverage through the host's tracking event", async ({
  page,
  baseURL,
}) => {
  const { frame, received } = await framedWidget(page, baseURL, 'demo-om-tracking');
  await frame.getByRole('button', { name: 'Continuar' }).click();
  const schedule = frame.getByRole('heading', { name: '¿Cómo quieres agendar?' });
  await expect(schedule).toBeVisible();
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(frame.getByRole('heading', { name: '¿Dónde te visitamos?' })).toBeVisible();
  await chooseAddress(page, ANTOFAGASTA, frame);
  await expect(frame.getByRole('dialog', { name: 'Fuera de zona de cobertura' })).toBeVisible();
  await expect
    .poll(async () =>
      (await received()).filter(
        (message) =>
          (message as { type?: string; payload?: { event?: string } }).type === 'tracking' &&
          (message as { payload: { event?: string } }).payload.event === 'out-of-coverage',
      ),
    )
    .toEqual([
      expect.objectContaining({
        source: 'visita',
        v: 1,
        type: 'tracking',
        payload: {
          event: 'out-of-coverage',
          address: expect.stringContaining('Antofagasta'),
          salesSource: 'marketplace',
        },
      }),
    ]);
});

test('a partner without tracking events hears nothing of it', async ({ page, baseURL }) => {
  const { frame, received } = await framedWidget(page, baseURL, 'demo');
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(frame.getByRole('heading', { name: '¿Dónde te visitamos?' })).toBeVisible();
  await chooseAddress(page, ANTOFAGASTA, frame);
  await expect(frame.getByRole('dialog', { name: 'Fuera de zona de cobertura' })).toBeVisible();
  expect((await received()).some((message) => (message as { type?: string }).type === 'tracking')).toBe(
    false,
  );
});
