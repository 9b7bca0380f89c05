import { expect, type Page, test } from '@playwright/test';

/**
 * The partner script (/embed.js), the widget's host protocol and the per-client
 * frame-ancestors policy, in Chromium against the real server. The demo clients register the
 * server's loopback origins (localhost, 127.0.0.1, console.localhost on its port); any other
 * *.localhost host is a page on an unregistered domain (Chromium resolves *.localhost to loopback).
 */

interface HostEvent {
  widget?: string;
  event: string;
  detail: Record<string, unknown>;
}

const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { visitaEvents: HostEvent[] }).visitaEvents);

const otherOrigin = (baseURL: string | undefined, host: string) => {
  const url = new URL(baseURL ?? 'http://localhost:4310');
  url.hostname = host;
  return url.origin;
};

test('the partner page hears visita:mounted, hands over its config, and the frame is as tall as the widget', async ({
  page,
}) => {
  await page.goto('/demo-host/');
  await expect
    .poll(() => events(page))
    .toContainEqual({ widget: 'inline', event: 'visita:mounted', detail: {} });
  const iframe = page.locator('#visita-inline iframe');
  await expect(iframe).toHaveAttribute(
    'src',
    /\/demo#instance=[A-Za-z0-9_-]+&parentOrigin=http%3A%2F%2Flocalhost%3A\d+$/,
  );
  const frame = page.frameLocator('#visita-inline iframe');
  await expect(
    frame.getByRole('heading', { level: 1, name: 'Exámenes y vacunas a domicilio' }),
  ).toBeVisible();

  // The height follows the content: the frame's document fits exactly, with no scrollbar.
  await expect
    .poll(async () => {
      const outer = await iframe.evaluate((element) => element.getBoundingClientRect().height);
      const inner = await frame.locator('body').evaluate((body) => ({
        content: Math.ceil(body.getBoundingClientRect().height),
        scrolls: document.documentElement.scrollHeight > document.documentElement.clientHeight,
      }));
      return Math.abs(outer - inner.content) <= 1 && !inner.scrolls && outer !== 480;
    })
    .toBe(true);
  // And it stays put: no jitter once laid out.
  const settled = await iframe.evaluate((element) => element.style.height);
  await page.waitForTimeout(500);
  expect(await iframe.evaluate((element) => element.style.height)).toBe(settled);

  // An invalid preloaded patient is reported with visita:error, naming the field and nothing else.
  await page.evaluate(() => {
    const container = document.createElement('div');
    container.id = 'second';
    document.body.append(container);
    const w = window as unknown as {
      Visita: { open(o: unknown): { on(e: string, l: (d: unknown) => void): void } };
      visitaEvents: HostEvent[];
    };
    w.Visita.open({
      clientId: 'demo',
      container: '#second',
      patient: { first_name: '', last_name: 'Pérez', date_of_birth: '1990-01-01' },
    }).on('visita:error', (detail) =>
      w.visitaEvents.push({
        widget: 'second',
        event: 'visita:error',
        detail: detail as Record<string, unknown>,
      }),
    );
  });
  await expect
    .poll(() => events(page))
    .toContainEqual({
      widget: 'second',
      event: 'visita:error',
      detail: { message: 'invalid patient: first_name' },
    });
});

test('an inline widget that loads while a person is elsewhere on the page leaves their focus where it is', async ({
  page,
}) => {
  // Hold the widget's frame until the person has moved to the modal button.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/demo',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto('/demo-host/', { waitUntil: 'domcontentloaded' });
  const open = page.getByRole('button', { name: 'Agendar a domicilio' });
  await open.focus();
  release();
  await expect
    .poll(() => events(page))
    .toContainEqual({ widget: 'inline', event: 'visita:mounted', detail: {} });
  await expect(page.frameLocator('#visita-inline iframe').locator('h1').first()).toBeVisible();
  await expect(open).toBeFocused();
});

test('the modal opens over the page and the widget close button closes it', async ({ page }) => {
  await page.goto('/demo-host/');
  // By keyboard, as a person tabbing to it would: a pointer click can land beside the button while
  // the inline widget above it grows to its content (the frame follows the widget's height).
  const open = page.getByRole('button', { name: 'Agendar a domicilio' });
  await open.focus();
  await expect(open).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Visita' });
  await expect(dialog).toBeVisible();
  // The page behind the dialog is inert: focus stays with the widget.
  await expect(page.locator('main')).toHaveAttribute('inert', '');
  await expect
    .poll(() => events(page))
    .toContainEqual({ widget: 'modal', event: 'visita:mounted', detail: {} });
  await dialog.frameLocator('iframe').getByRole('button', { name: 'Cerrar' }).click();
  await expect
    .poll(() => events(page))
    .toContainEqual({ widget: 'modal', event: 'visita:close', detail: {} });
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('main')).not.toHaveAttribute('inert');
  // The inline widget heard nothing of it.
  expect((await events(page)).filter((e) => e.widget === 'inline' && e.event === 'visita:close')).toEqual([]);
});

test('a postMessage from a foreign origin changes nothing, in either direction', async ({
  page,
  baseURL,
}) => {
  await page.goto('/demo-host/');
  await expect
    .poll(() => events(page))
    .toContainEqual({ widget: 'inline', event: 'visita:mounted', detail: {} });
  const instance = await page.evaluate(
    () => (window as unknown as { inlineWidget: { id: string } }).inlineWidget.id,
  );

  // Another frame on the page, from another origin, speaks the protocol perfectly: to the widget a
  // config whose patient is invalid (heard, it would make the widget report visita:error), to
  // the host a success (heard, the host would see visita:success).
  const foreign = otherOrigin(baseURL, '127.0.0.1');
  await page.route(`${foreign}/foreign.html`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><script>
        const envelope = (type, payload) => ({ source: 'visita', v: 1, instance: ${JSON.stringify(instance)}, type, payload });
        const widget = window.parent.frames[0];
        setTimeout(() => {
          widget.postMessage(envelope('config', { clientId: 'demo', patient: { first_name: '' } }), '*');
          window.parent.postMessage(envelope('success', { appointmentId: 'forged' }), '*');
          document.title = 'sent';
        }, 50);
      </script>`,
    }),
  );
  await page.evaluate((src) => {
    const iframe = document.createElement('iframe');
    iframe.src = src;
    iframe.id = 'foreign';
    document.body.append(iframe);
  }, `${foreign}/foreign.html`);
  await expect.poll(() => page.frame({ url: `${foreign}/foreign.html` })?.title()).toBe('sent');
  await page.waitForTimeout(700);
  expect((await events(page)).map((e) => e.event)).toEqual(['visita:mounted']);

  // The same config from the host itself is heard: the test above could have failed.
  await page.evaluate((id) => {
    const iframe = document.querySelector<HTMLIFrameElement>('#visita-inline iframe');
    const origin = new URL(iframe?.src ?? '').origin;
    iframe?.contentWindow?.postMessage(
      {
        source: 'visita',
        v: 1,
        instance: id,
        type: 'config',
        payload: { clientId: 'demo', patient: { first_name: '' } },
      },
      origin,
    );
  }, instance);
  await expect
    .poll(() => events(page))
    .toContainEqual({
      widget: 'inline',
      event: 'visita:error',
      detail: { message: 'invalid patient: first_name' },
    });
});

test('a page on an unregistered domain cannot frame the widget', async ({ page, baseURL }) => {
  const outsider = otherOrigin(baseURL, 'outsider.localhost');
  const response = await page.request.get('/demo');
  expect(response.headers()['content-security-policy']).toContain(
    `frame-ancestors 'self' ${otherOrigin(baseURL, 'localhost')} ${otherOrigin(baseURL, '127.0.0.1')} ${otherOrigin(baseURL, 'console.localhost')}`,
  );
  // The demo page for this, served on a host that no client registered.
  await page.goto(`${outsider}/demo-host/unregistered.html`);
  await expect(page.locator('#box iframe')).toHaveAttribute('src', new RegExp(`^${baseURL}/demo#`));
  // The browser refuses the frame (Chromium puts its error page in it): the widget's document
  // never loads there, so nothing of it renders and it never says mounted.
  const framed = () => page.frames().find((f) => f !== page.mainFrame());
  await expect.poll(() => framed()?.url()).toBe('chrome-error://chromewebdata/');
  await expect(
    page.frameLocator('#box iframe').getByRole('heading', { name: 'Exámenes y vacunas a domicilio' }),
  ).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(await events(page)).toEqual([]);
});

test('two widgets on one page keep apart: each event reaches its own instance', async ({ page }) => {
  await page.goto('/demo-host/');
  await page.evaluate(() => {
    const w = window as unknown as {
      Visita: { open(o: unknown): { id: string; on(e: string, l: (d: unknown) => void): unknown } };
      visitaEvents: HostEvent[];
      pair: string[];
    };
    w.visitaEvents = [];
    document.body.innerHTML = '<div id="cl"></div><div id="mx"></div>';
    w.pair = [];
    for (const [name, clientId] of [
      ['cl', 'demo'],
      ['mx', 'demo-mx'],
    ] as const) {
      const widget = w.Visita.open({ clientId, container: `#${name}` });
      w.pair.push(widget.id);
      for (const event of ['visita:mounted', 'visita:close', 'visita:error']) {
        widget.on(event, (detail) =>
          w.visitaEvents.push({ widget: name, event, detail: detail as Record<string, unknown> }),
        );
      }
    }
  });
  await expect
    .poll(async () =>
      (await events(page))
        .filter((e) => e.event === 'visita:mounted')
        .map((e) => e.widget)
        .sort(),
    )
    .toEqual(['cl', 'mx']);
  const ids = await page.evaluate(() => (window as unknown as { pair: string[] }).pair);
  expect(new Set(ids).size).toBe(2);
  await expect(page.locator('#cl iframe')).toHaveAttribute('src', new RegExp(`/demo#instance=${ids[0]}&`));
  await expect(page.locator('#mx iframe')).toHaveAttribute('src', new RegExp(`/demo-mx#instance=${ids[1]}&`));

  // Closing the Mexican widget tells only its host listener and removes only its frame.
  await page.frameLocator('#mx iframe').getByRole('button', { name: 'Cerrar' }).click();
  await expect.poll(() => events(page)).toContainEqual({ widget: 'mx', event: 'visita:close', detail: {} });
  await expect(page.locator('#mx iframe')).toHaveCount(0);
  await expect(page.locator('#cl iframe')).toHaveCount(1);
  expect((await events(page)).filter((e) => e.event === 'visita:close').map((e) => e.widget)).toEqual(['mx']);
  await expect(
    page
      .frameLocator('#cl iframe')
      .getByRole('heading', { level: 1, name: 'Exámenes y vacunas a domicilio' }),
  ).toBeVisible();
});

test('the staff console embedding demo-laas starts the laas flow at the address step', async ({
  page,
  baseURL,
}) => {
  await page.goto(`${otherOrigin(baseURL, 'console.localhost')}/demo-host/console.html`);
  await expect.poll(() => events(page)).toContainEqual({ event: 'visita:mounted', detail: {} });
  const frame = page.frameLocator('#visita-console iframe');
  await expect(frame.locator('.visita-theme')).toHaveAttribute('data-step', 'address');
  // laas_config_v2 of demo-laas hides the help footer its sdk config shows.
  await expect(frame.locator('.visita-help')).toHaveCount(0);

  // The same client from the partner (non-staff) host is an sdk session: introduction first.
  await page.goto('/demo-host/');
  await page.evaluate(() => {
    document.body.innerHTML = '<div id="sdk"></div>';
    (window as unknown as { Visita: { open(o: unknown): unknown } }).Visita.open({
      clientId: 'demo-laas',
      container: '#sdk',
    });
  });
  const sdkFrame = page.frameLocator('#sdk iframe');
  await expect(sdkFrame.locator('.visita-theme')).toHaveAttribute('data-step', 'introduction');
  await expect(sdkFrame.locator('.visita-help')).toHaveCount(1);
});

test('the fullscreen styling message makes the frame cover the page, and back', async ({ page }) => {
  await page.goto('/demo-host/');
  await expect
    .poll(() => events(page))
    .toContainEqual({ widget: 'inline', event: 'visita:mounted', detail: {} });
  const iframe = page.locator('#visita-inline iframe');
  const inline = await iframe.boundingBox();
  const frame = page.frames().find((f) => f.url().includes('/demo#instance='));
  // What the widget's postFullscreen(true) sends: the same envelope, from the widget's own window.
  const fullscreen = (on: boolean) =>
    frame?.evaluate(async (value) => {
      const { instance, parentOrigin } = Object.fromEntries(new URLSearchParams(location.hash.slice(1)));
      window.parent.postMessage(
        { source: 'visita', v: 1, instance, type: 'fullscreen', payload: { fullscreen: value } },
        parentOrigin ?? '',
      );
    }, on);
  await fullscreen(true);
  const viewport = page.viewportSize();
  await expect
    .poll(() => iframe.boundingBox())
    .toEqual({ x: 0, y: 0, width: viewport?.width, height: viewport?.height });
  await fullscreen(false);
  // Back inline: as wide as its box again, and as tall as the widget's content (the frame follows
  // the widget's height, which may have settled since the first measure).
  await expect.poll(async () => (await iframe.boundingBox())?.width).toBe(inline?.width);
  const contentHeight = () =>
    frame?.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height)) ?? Promise.resolve(-1);
  await expect.poll(async () => (await iframe.boundingBox())?.height === (await contentHeight())).toBe(true);
  expect((await iframe.boundingBox())?.height).toBeLessThan(viewport?.height ?? 0);
});

test('options the script cannot use are reported with visita:invalidConfig', async ({ page }) => {
  await page.goto('/demo-host/');
  const reasons = await page.evaluate(async () => {
    const w = window as unknown as {
      Visita: { open(o: unknown): { on(e: string, l: (d: { reason: string }) => void): void } };
    };
    const heard: string[] = [];
    w.Visita.open({ clientId: '' }).on('visita:invalidConfig', ({ reason }) => heard.push(reason));
    w.Visita.open({ clientId: 'demo', container: '#no-such-box' }).on('visita:invalidConfig', ({ reason }) =>
      heard.push(reason),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    return heard;
  });
  expect(reasons).toEqual(['clientId', 'container']);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
