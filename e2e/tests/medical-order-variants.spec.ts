import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './address-and-services-helpers.ts';
import { ORDER_PDF, orderContactAndAddress } from './patients-and-payment-helpers.ts';

/*
 * After a medical order went through: for one sales source the browser goes to a
 * success page with solicitud_id, for another a tracking call runs and then order-received.
 * The demo gives them to demo-om-redirect (order_success_url) and demo-om-tracking
 * (tracking_events); demo keeps the plain order-received (medical-order.spec.ts).
 */
test.describe.configure({ timeout: 90_000 });

type Surface = Page | FrameLocator;

/** Upload → contact → address → send, on the page or inside the partner's frame; the order id. */
async function sendOrder(page: Page, widget: Surface): Promise<string> {
  await expect(widget.getByRole('heading', { name: 'Sube tu orden médica' })).toBeVisible();
  await widget
    .getByTestId('order-file-input')
    .setInputFiles({ name: 'orden.pdf', mimeType: 'application/pdf', buffer: ORDER_PDF });
  await widget.getByRole('button', { name: 'Continuar' }).click();
  await orderContactAndAddress(page, widget);
  // The real API answers; the test reads its answer on the way (a redirect may leave the page
  // before a response body could be read afterwards).
  let answer: { msg?: string; groupedOrdenMedicaId?: string } = {};
  await page.route('**/orden-medica/create-ticket/**', async (route) => {
    const response = await route.fetch();
    answer = (await response.json()) as typeof answer;
    await route.fulfill({ response });
  });
  await widget.getByRole('button', { name: 'Continuar' }).click();
  await expect.poll(() => answer.msg).toBe('ok');
  expect(answer.groupedOrdenMedicaId).toMatch(/^[\w-]{8,}$/);
  return answer.groupedOrdenMedicaId ?? '';
}

interface RecordedEvent {
  widget: string;
  event: string;
  detail: Record<string, unknown>;
}

const recorded = (page: Page) =>
  page.evaluate(() => (window as unknown as { visitaEvents: RecordedEvent[] }).visitaEvents);

test('on its own page, a client with a success page sends the browser there with solicitud_id', async ({
  page,
}) => {
  await page.goto('/demo-om-redirect');
  await page.getByRole('button', { name: 'Continuar' }).click();
  const id = await sendOrder(page, page);
  await page.waitForURL(/\/demo-host\/orden-recibida\.html\?/);
  const url = new URL(page.url());
  expect(url.pathname).toBe('/demo-host/orden-recibida.html');
  expect(url.searchParams.get('solicitud_id')).toBe(id);
  await expect(page.locator('#solicitud-id')).toHaveText(id);
});

test("embedded, the partner's page goes to its success page with solicitud_id", async ({ page }) => {
  await page.goto('/demo-host/?client=demo-om-redirect');
  const widget = page.frameLocator('#visita-inline iframe');
  await widget.getByRole('button', { name: 'Continuar' }).click();
  const id = await sendOrder(page, widget);
  // The top page navigates (the embed script does it, within the partner's own origin).
  await page.waitForURL(/\/demo-host\/orden-recibida\.html\?/);
  expect(new URL(page.url()).searchParams.get('solicitud_id')).toBe(id);
  await expect(page.locator('#solicitud-id')).toHaveText(id);
});

test('the embed script refuses to take the partner page to another origin', async ({ page, baseURL }) => {
  // A page that hears a redirect from its widget's frame, with another origin in it.
  await page.goto('/demo-host/?client=demo-om-redirect');
  const widget = page.frameLocator('#visita-inline iframe');
  await expect(widget.getByRole('heading', { level: 1 })).toBeVisible();
  const before = page.url();
  const frame = page.frames().find((candidate) => candidate.url().includes('/demo-om-redirect'));
  expect(frame).toBeDefined();
  const instance = await page.evaluate(
    () => (window as unknown as { inlineWidget: { id: string } }).inlineWidget.id,
  );
  // Sent from the widget's own frame with its real envelope: only the URL is foreign.
  await frame?.evaluate(
    ({ instance, origin }) =>
      window.parent.postMessage(
        { source: 'visita', v: 1, instance, type: 'redirect', payload: { url: 'https://evil.example/' } },
        origin,
      ),
    { instance, origin: new URL(baseURL ?? page.url()).origin },
  );
  await page.waitForTimeout(500);
  expect(page.url()).toBe(before);
  expect((await recorded(page)).some((event) => event.event === 'visita:redirect')).toBe(false);
});

test('a client with tracking events hears each step and the order sent, then order-received', async ({
  page,
}) => {
  await page.goto('/demo-host/?client=demo-om-tracking');
  const widget = page.frameLocator('#visita-inline iframe');
  await widget.getByRole('button', { name: 'Continuar' }).click();
  await widget.getByRole('radio', { name: /Agendar con mi orden médica/ }).check();
  await widget.getByRole('button', { name: 'Continuar' }).click();
  const id = await sendOrder(page, widget);
  await expect(widget.getByRole('heading', { name: '¡Recibimos tu orden médica!' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const events = (await recorded(page)).filter((event) => event.widget === 'inline');
  const tracking = events.filter((event) => event.event === 'visita:tracking').map((event) => event.detail);
  expect(tracking).toEqual([
    { event: 'step', step: 'introduction' },
    { event: 'step', step: 'schedule-type' },
    { event: 'step', step: 'upload-order' },
    { event: 'step', step: 'contact-order' },
    { event: 'step', step: 'address-order' },
    { event: 'step', step: 'uploading-order' },
    { event: 'medical-order', solicitudId: id },
    { event: 'step', step: 'order-received' },
  ]);
  // Mounted first; nothing the person typed travels in any event.
  expect(events[0]?.event).toBe('visita:mounted');
  const all = JSON.stringify(events);
  for (const typed of ['Carla', '+569111', '@', 'Apoquindo', 'fonasa']) expect(all).not.toContain(typed);
  // No redirect for this client: the partner page stays where it is.
  expect(new URL(page.url()).pathname).toBe('/demo-host/');
});

test('a client without tracking events sends none', async ({ page }) => {
  await page.goto('/demo-host/');
  const widget = page.frameLocator('#visita-inline iframe');
  await widget.getByRole('button', { name: 'Continuar' }).click();
  await expect(widget.getByRole('radio', { name: /Agendar con mi orden médica/ })).toBeVisible();
  const events = await recorded(page);
  expect(events.some((event) => event.event === 'visita:mounted')).toBe(true);
  expect(events.some((event) => event.event === 'visita:tracking')).toBe(false);
});
