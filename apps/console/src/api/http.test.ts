import { consoleLogin, consoleMe } from '@visita/domain/contract/endpoints';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, errorMessage, forgetCsrfToken, HttpError } from './http.ts';

interface Call {
  url: string;
  init: RequestInit;
}

/** A fetch that answers each call with the next of `answers` and records what it was asked. */
function fakeFetch(answers: { status: number; body: unknown }[]) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    calls.push({ url: String(url), init });
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected call to ${String(url)}`);
    return new Response(answer.body === null ? null : JSON.stringify(answer.body), { status: answer.status });
  });
  return calls;
}

const csrfInvalid = { err: 'csrf-invalid', msg: 'La solicitud no trae un token de seguridad válido.' };
const login = { body: { email: 'ana@visita.localhost', password: 'una-contraseña' } };
const header = (call: Call | undefined, name: string) =>
  (call?.init.headers as Record<string, string> | undefined)?.[name];

beforeEach(() => {
  vi.stubGlobal('window', { location: { origin: 'http://localhost' } });
  forgetCsrfToken();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the console API client', () => {
  it('sends the session cookie (same origin) and no CSRF token on reads', async () => {
    const calls = fakeFetch([{ status: 200, body: { id: 'x' } }]);
    await apiRequest(consoleMe);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('http://localhost/api/console/me');
    expect(calls[0]?.init.credentials).toBe('same-origin');
    expect(header(calls[0], 'x-csrf-token')).toBeUndefined();
  });

  it('asks for the CSRF token once and sends it on every write', async () => {
    const calls = fakeFetch([
      { status: 200, body: { csrf_token: 'token-1' } },
      { status: 200, body: { next: 'totp' } },
      { status: 200, body: { next: null } },
    ]);
    expect(await apiRequest(consoleLogin, login)).toEqual({ next: 'totp' });
    await apiRequest(consoleLogin, login);
    expect(calls.map((call) => call.url)).toEqual([
      'http://localhost/api/console/auth/csrf',
      'http://localhost/api/console/auth/login',
      'http://localhost/api/console/auth/login',
    ]);
    expect(header(calls[1], 'x-csrf-token')).toBe('token-1');
    expect(header(calls[2], 'x-csrf-token')).toBe('token-1');
    expect(calls[1]?.init.credentials).toBe('same-origin');
    expect(calls[1]?.init.body).toBe(JSON.stringify(login.body));
  });

  it('asks for a new token after a csrf-invalid refusal and tries once more, not twice', async () => {
    const calls = fakeFetch([
      { status: 200, body: { csrf_token: 'old' } },
      { status: 403, body: csrfInvalid },
      { status: 200, body: { csrf_token: 'new' } },
      { status: 200, body: { next: null } },
    ]);
    expect(await apiRequest(consoleLogin, login)).toEqual({ next: null });
    expect(header(calls[3], 'x-csrf-token')).toBe('new');

    forgetCsrfToken();
    const again = fakeFetch([
      { status: 200, body: { csrf_token: 'a' } },
      { status: 403, body: csrfInvalid },
      { status: 200, body: { csrf_token: 'b' } },
      { status: 403, body: csrfInvalid },
    ]);
    const error = await apiRequest(consoleLogin, login).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(again).toHaveLength(4);
  });

  it("fails with the API's status, slug and Spanish message; another 403 is not retried", async () => {
    const forbidden = { err: 'console-forbidden', msg: 'Tu rol no permite esta acción.' };
    const calls = fakeFetch([
      { status: 200, body: { csrf_token: 't' } },
      { status: 403, body: forbidden },
    ]);
    const error = await apiRequest(consoleLogin, login).catch((caught: unknown) => caught);
    expect(calls).toHaveLength(2);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(403);
    expect((error as HttpError).slug).toBe('console-forbidden');
    expect(errorMessage(error)).toBe('Tu rol no permite esta acción.');
  });

  it('says something generic when the answer carries no message or the network fails', async () => {
    fakeFetch([{ status: 502, body: null }]);
    const badGateway = await apiRequest(consoleMe).catch((caught: unknown) => caught);
    expect(errorMessage(badGateway)).toBe('Ha ocurrido un error inesperado. Inténtalo de nuevo.');
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const offline = await apiRequest(consoleMe).catch((caught: unknown) => caught);
    expect(offline).toBeInstanceOf(HttpError);
    expect(errorMessage(offline)).toBe('Ha ocurrido un error inesperado. Inténtalo de nuevo.');
  });
});
