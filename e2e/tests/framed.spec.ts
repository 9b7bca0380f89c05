import { expect, test } from '@playwright/test';
import { framedWidget } from './frame-helpers.ts';

test('inside a partner frame the widget is a boxed modal whose close button tells the host', async ({
  page,
  baseURL,
}) => {
  const { frame, received } = await framedWidget(page, baseURL, 'demo');
  await expect(
    frame.getByRole('heading', { level: 1, name: 'Exámenes y vacunas a domicilio' }),
  ).toBeVisible();
  await expect(frame.locator('.visita-shell--modal')).toBeVisible();
  const box = frame.locator('.visita-shell__box');
  const maxHeight = await box.evaluate((element) => getComputedStyle(element).maxHeight);
  expect(maxHeight).toBe('720px'); // 45rem at 16px
  await frame.getByRole('button', { name: 'Cerrar' }).click();
  await expect
    .poll(received)
    // Framed without the embed script: the default instance, to the framing page's origin only.
    .toContainEqual({ source: 'visita', v: 1, instance: 'default', type: 'close', payload: {} });
});

test('opened on its own the widget is a full page without a close button', async ({ page }) => {
  await page.goto('/demo');
  await expect(page.locator('.visita-shell--full-page')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar' })).toHaveCount(0);
});

test('Caja Los Andes warns once before closing an unconfirmed booking; the second close closes', async ({
  page,
  baseURL,
}) => {
  const { frame, received } = await framedWidget(page, baseURL, 'cajalosandes');
  const closes = async () =>
    ((await received()) as { type?: string }[]).filter((message) => message.type === 'close');
  await expect(frame.getByRole('button', { name: 'Cerrar' })).toBeVisible();
  await frame.getByRole('button', { name: 'Cerrar' }).click();
  await expect(frame.getByText('¡Detente! Si cierras ahora perderás la cita a domicilio.')).toBeVisible();
  expect(await closes()).toEqual([]);
  await frame.getByRole('button', { name: 'Cerrar' }).click();
  await expect
    .poll(closes)
    .toEqual([{ source: 'visita', v: 1, instance: 'default', type: 'close', payload: {} }]);
});
