import type { FrameLocator, Page } from '@playwright/test';

/**
 * A partner page on the test server's origin (a registered demo domain) that frames
 * /{clientId} directly, without the embed script, and records every message it receives.
 */
export async function framedWidget(
  page: Page,
  baseURL: string | undefined,
  clientId: string,
): Promise<{ frame: FrameLocator; received: () => Promise<unknown[]> }> {
  await page.goto(`${baseURL}/api/health`);
  await page.setContent(
    `<!doctype html><html lang="es"><body>
      <iframe id="visita" title="Visita" src="${baseURL}/${clientId}" style="width:420px;height:760px;border:0"></iframe>
      <script>
        window.received = [];
        window.addEventListener('message', (event) => window.received.push(event.data));
      </script>
    </body></html>`,
  );
  return {
    frame: page.frameLocator('#visita'),
    received: () => page.evaluate(() => (window as unknown as { received: unknown[] }).received),
  };
}
