import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeader } from './signature.ts';

// docs/webhooks.md shows partners how to verify a request: run that very code, as written there.
const DOC = new URL('../../../../../docs/webhooks.md', import.meta.url);

type Verify = (secret: string, header: string | undefined, rawBody: string, nowSeconds?: number) => boolean;

describe('the verification example in docs/webhooks.md', () => {
  let verify: Verify;
  let file: string;
  beforeAll(async () => {
    const markdown = await readFile(DOC, 'utf8');
    const code = /```js\n([\s\S]*?)```/.exec(markdown)?.[1];
    expect(code).toBeDefined();
    file = join(tmpdir(), `visita-webhook-example-${process.pid}.mjs`);
    await writeFile(file, code ?? '');
    ({ verifyVisitaWebhook: verify } = (await import(pathToFileURL(file).href)) as {
      verifyVisitaWebhook: Verify;
    });
  });
  afterAll(() => rm(file, { force: true }));

  const secret = 'whsec_partner_secret';
  const body = JSON.stringify({ id: 'e1', type: 'appointment.confirmed', created: 1_800_000_000, data: {} });
  const now = 1_800_000_000;

  it('accepts a request Visita signed', () => {
    expect(verify(secret, signatureHeader(secret, now, body), body, now + 1)).toBe(true);
  });

  it('refuses a changed body, another secret, a replay and a missing header', () => {
    expect(verify(secret, signatureHeader(secret, now, body), body.replace('e1', 'e2'), now)).toBe(false);
    expect(verify('another', signatureHeader(secret, now, body), body, now)).toBe(false);
    expect(verify(secret, signatureHeader(secret, now, body), body, now + 301)).toBe(false);
    expect(verify(secret, undefined, body, now)).toBe(false);
  });
});
