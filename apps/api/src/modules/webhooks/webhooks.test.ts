import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverWebhook, isAllowedWebhookUrl } from './deliver-webhook.ts';
import { REPLAY_WINDOW_SECONDS, SIGNATURE_HEADER, signatureHeader, verifySignature } from './signature.ts';

const SECRET = 'whsec_test_0123456789';

describe('webhook signatures', () => {
  const body = '{"id":"e1","type":"appointment.confirmed"}';
  const now = 1_800_000_000;

  it('verify what was signed, within the replay window', () => {
    expect(verifySignature(SECRET, signatureHeader(SECRET, now, body), body, now + 10)).toEqual({ ok: true });
  });

  it.each([
    ['a changed body', signatureHeader(SECRET, now, body), `${body} `, now, 'mismatch'],
    ['another secret', signatureHeader('other', now, body), body, now, 'mismatch'],
    [
      'a replay after the window',
      signatureHeader(SECRET, now, body),
      body,
      now + REPLAY_WINDOW_SECONDS + 1,
      'expired',
    ],
    ['a timestamp from the future', signatureHeader(SECRET, now + 3600, body), body, now, 'expired'],
    ['no header', undefined, body, now, 'malformed'],
    ['garbage', 't=abc,v1=zz', body, now, 'malformed'],
    [
      'a forged timestamp on a real signature',
      signatureHeader(SECRET, now - 3600, body).replace(/t=\d+/, `t=${now}`),
      body,
      now,
      'mismatch',
    ],
  ])('refuse %s', (_what, header, received, at, reason) => {
    expect(verifySignature(SECRET, header, received, at)).toEqual({ ok: false, reason });
  });
});

describe('webhook urls', () => {
  it.each([
    ['https://partner.example/hooks/visita', true],
    ['http://127.0.0.1:9999/hook', true],
    ['http://localhost/hook', true],
    ['http://partner.example/hook', false],
    ['https://user:pass@partner.example/hook', false],
    ['ftp://partner.example/hook', false],
    ['not a url', false],
  ])('%s allowed: %s', (url, allowed) => {
    expect(isAllowedWebhookUrl(url)).toBe(allowed);
  });
});

describe('webhook delivery', () => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  let status = 200;
  let server: Server;
  let url = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  // The receiver is on this machine: these deliveries are allowed internal addresses, as tests
  // are with WEBHOOK_ALLOW_PRIVATE (internal-addresses.test.ts shows them refused otherwise).
  const allowPrivate = true;

  it('POSTs the event as JSON that the receiver verifies with its secret', async () => {
    await deliverWebhook(
      { url, secret: SECRET },
      { id: 'evt-1', topic: 'appointment.confirmed', payload: { appointment_id: 'a1' } },
      { allowPrivate },
    );
    const [request] = received;
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['x-visita-event-id']).toBe('evt-1');
    const header = request?.headers[SIGNATURE_HEADER] as string;
    expect(verifySignature(SECRET, header, request?.body ?? '', Math.floor(Date.now() / 1000))).toEqual({
      ok: true,
    });
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      id: 'evt-1',
      type: 'appointment.confirmed',
      data: { appointment_id: 'a1' },
    });
  });

  it('a non-2xx answer, or no answer, is a failure to retry', async () => {
    status = 503;
    const event = { id: 'e', topic: 't', payload: {} };
    await expect(deliverWebhook({ url, secret: SECRET }, event, { allowPrivate })).rejects.toThrow(
      'webhook answered 503',
    );
    await expect(
      deliverWebhook({ url: 'http://127.0.0.1:1/x', secret: SECRET }, event, { allowPrivate }),
    ).rejects.toThrow('webhook request failed: connection');
    await expect(
      deliverWebhook({ url: 'http://partner.example/x', secret: SECRET }, event, { allowPrivate }),
    ).rejects.toThrow('not allowed');
  });

  it('an endpoint that does not answer in time is a timeout to retry', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      await expect(
        deliverWebhook(
          { url: `http://127.0.0.1:${port}/x`, secret: SECRET },
          { id: 'e', topic: 't', payload: {} },
          { allowPrivate, timeoutMs: 200 },
        ),
      ).rejects.toThrow('webhook request failed: timeout');
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
