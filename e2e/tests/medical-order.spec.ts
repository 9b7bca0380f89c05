import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './address-and-services-helpers.ts';
import { ORDER_PDF, orderContactAndAddress } from './patients-and-payment-helpers.ts';

test.describe.configure({ timeout: 90_000 });

async function goToUpload(page: Page): Promise<void> {
  await page.goto('/demo');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('radio', { name: /Agendar con mi orden médica/ }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Sube tu orden médica' })).toBeVisible();
}

/** A noisy PNG (incompressible) of the given side, made by the browser's canvas. */
async function noisyPng(page: Page, side: number): Promise<Buffer> {
  const base64 = await page.evaluate(async (size) => {
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const image = context.createImageData(size, size);
    for (let i = 0; i < image.data.length; i++) image.data[i] = (Math.random() * 256) | 0;
    context.putImageData(image, 0, 0);
    const blob: Blob = await new Promise((resolve) => canvas.toBlob((b) => resolve(b as Blob), 'image/png'));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }, side);
  return Buffer.from(base64, 'base64');
}

interface SentPart {
  name: string;
  filename: string | null;
  type: string | null;
  size: number;
  text: string | null;
  width: number | null;
  height: number | null;
}

/**
 * Records what the widget hands to fetch as multipart (Chromium does not expose a FormData body
 * to the test): each part's name, file name, type, size, text and, for images, dimensions.
 */
async function recordMultipart(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const body = init?.body;
      if (body instanceof FormData) {
        const parts = [];
        for (const [name, value] of body.entries()) {
          if (typeof value === 'string') {
            parts.push({
              name,
              filename: null,
              type: null,
              size: value.length,
              text: value,
              width: null,
              height: null,
            });
          } else {
            let width = null;
            let height = null;
            if (value.type.startsWith('image/')) {
              const bitmap = await createImageBitmap(value);
              width = bitmap.width;
              height = bitmap.height;
            }
            parts.push({
              name,
              filename: value.name,
              type: value.type,
              size: value.size,
              text: null,
              width,
              height,
            });
          }
        }
        (window as unknown as { __sentParts: unknown }).__sentParts = parts;
      }
      return original(input, init);
    };
  });
}

async function sentParts(page: Page): Promise<SentPart[]> {
  await expect
    .poll(() => page.evaluate(() => Boolean((window as unknown as { __sentParts?: unknown }).__sentParts)))
    .toBe(true);
  return page.evaluate(() => (window as unknown as { __sentParts: SentPart[] }).__sentParts);
}

test('a medical order with a PDF is sent and received', async ({ page }) => {
  await recordMultipart(page);
  await goToUpload(page);
  await expect(page.getByText('Los formatos permitidos son .pdf o .jpg', { exact: true })).toBeVisible();
  await expect(page.getByText('Tamaño máximo de 15 mb.', { exact: true })).toBeVisible();
  const continueButton = page.getByRole('button', { name: 'Continuar' });
  await expect(continueButton).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Subir archivo' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // A type that is not allowed is refused with the product's text.
  await page
    .getByTestId('order-file-input')
    .setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
  await expect(page.getByRole('alert')).toHaveText(
    'Lo sentimos, no podemos procesar tu archivo. Recuerda que solo puedes subir archivos de tipo .pdf, .png o .jpg menores a 15 MB',
  );
  await page
    .getByTestId('order-file-input')
    .setInputFiles({ name: 'orden.pdf', mimeType: 'application/pdf', buffer: ORDER_PDF });
  await expect(page.getByRole('list', { name: 'Archivos seleccionados' }).getByRole('listitem')).toHaveText([
    /orden\.pdf/,
  ]);
  await expect(page.getByRole('button', { name: 'Subir otra orden' })).toBeVisible();
  // Removal, then the file again.
  await page.getByRole('button', { name: 'Eliminar orden.pdf' }).click();
  await expect(continueButton).toBeDisabled();
  await page
    .getByTestId('order-file-input')
    .setInputFiles({ name: 'orden.pdf', mimeType: 'application/pdf', buffer: ORDER_PDF });
  await continueButton.click();
  await orderContactAndAddress(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  const parts = await sentParts(page);
  expect(parts.map((part) => part.name)).toEqual(['lead', 'path', 'orden']);
  expect(parts[2]).toMatchObject({ filename: 'orden.pdf', type: 'application/pdf' });
  const lead = JSON.parse(parts[0]?.text ?? '{}');
  expect(lead).toMatchObject({
    section_origin: 'medical-order-sdk',
    insurance: 'fonasa',
    name: 'Carla Muñoz',
  });
  await expect(page.getByRole('heading', { name: '¡Recibimos tu orden médica!' })).toBeVisible();
  await expect(
    page.getByText('Horario de atención: lunes a sábado de 8:30 a 17:30.', { exact: true }),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('an image over 3,000,000 bytes is resized to 1000 px JPEG before it is sent', async ({ page }) => {
  await recordMultipart(page);
  await goToUpload(page);
  const big = await noisyPng(page, 1800);
  expect(big.length).toBeGreaterThan(3_000_000);
  await page
    .getByTestId('order-file-input')
    .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: big });
  await expect(page.getByRole('list', { name: 'Archivos seleccionados' }).getByRole('listitem')).toHaveText([
    /foto\.jpg/,
  ]);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await orderContactAndAddress(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  const file = (await sentParts(page)).find((part) => part.name === 'orden');
  expect(file).toMatchObject({ filename: 'foto.jpg', type: 'image/jpeg', width: 1000, height: 1000 });
  expect(file?.size).toBeLessThan(big.length);
  await expect(page.getByRole('heading', { name: '¡Recibimos tu orden médica!' })).toBeVisible();
});

test('a failed upload shows its message and "Volver a intentar" sends again', async ({ page }) => {
  await goToUpload(page);
  await page
    .getByTestId('order-file-input')
    .setInputFiles({ name: 'orden.pdf', mimeType: 'application/pdf', buffer: ORDER_PDF });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await orderContactAndAddress(page);
  // Only this answer fails, as a broken network would; the retry reaches the real API.
  let failures = 1;
  await page.route('**/api/orden-medica/create-ticket/**', async (route) => {
    if (failures-- > 0) await route.fulfill({ status: 502, body: 'Bad Gateway' });
    else await route.continue();
  });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Error al subir el archivo');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Volver a intentar' }).click();
  await expect(page.getByRole('heading', { name: '¡Recibimos tu orden médica!' })).toBeVisible();
});
