import * as endpoints from '@visita/domain/contract/endpoints';
import { afterEach, describe, expect, it } from 'vitest';
import { withRealApi } from '../test-support/real-api.ts';
import { apiRequest } from './http.ts';

withRealApi();

/** The requests the widget sends while `run` runs (the real API answers them). */
async function sentDuring(run: () => Promise<unknown>): Promise<Request[]> {
  const sent: Request[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    sent.push(new Request(input as RequestInfo, init));
    return realFetch(input, init);
  };
  restore = () => {
    globalThis.fetch = realFetch;
  };
  await run();
  return sent;
}
let restore = () => undefined as void;
afterEach(() => restore());

describe("every call carries the product's headers", () => {
  it('sends x-polygon-beta-tester: true on a call that declares no header of its own', async () => {
    const sent = await sentDuring(() =>
      apiRequest(endpoints.operativeStatus, { params: { salesSource: 'marketplace' } }),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get('x-polygon-beta-tester')).toBe('true');
  });

  it('adds the selected address as x-address-latitude and x-address-longitude', async () => {
    const sent = await sentDuring(() =>
      apiRequest(endpoints.operativeStatus, {
        params: { salesSource: 'marketplace' },
        context: { address: { latitude: -33.41, longitude: -70.57 } },
      }),
    );
    expect(sent[0]?.headers.get('x-address-latitude')).toBe('-33.41');
    expect(sent[0]?.headers.get('x-address-longitude')).toBe('-70.57');
    expect(sent[0]?.headers.get('x-polygon-beta-tester')).toBe('true');
  });

  it("sends this tab's browser key, the same on every call, kept for the tab only", async () => {
    const sent = await sentDuring(async () => {
      await apiRequest(endpoints.operativeStatus, { params: { salesSource: 'marketplace' } });
      await apiRequest(endpoints.operativeStatus, { params: { salesSource: 'marketplace' } });
    });
    const keys = sent.map((request) => request.headers.get('x-visita-browser'));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(sessionStorage.getItem('visita.browser')).toBe(keys[0]);
    expect(localStorage.getItem('visita.browser')).toBeNull();
  });
});
