import { describe, expect, it } from 'vitest';
import type { Roster } from './roster.ts';
import { createRosterCache } from './roster.ts';

/** A roster told apart by its nurses' count: the cache never looks inside. */
const roster = (n: number) => ({ nurses: Array.from({ length: n }) }) as unknown as Roster;

/** A load whose answer the test releases when it wants. */
function deferredLoad() {
  const calls: Array<{ resolve: (value: Roster) => void; reject: (error: Error) => void }> = [];
  const load = () =>
    new Promise<Roster>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { load, calls };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the roster cache', () => {
  it('shares one load among the requests that arrive while it runs, then answers from memory', async () => {
    let clock = 0;
    const cache = createRosterCache(60_000, () => clock);
    const { load, calls } = deferredLoad();
    const first = cache.roster('s1', load);
    const second = cache.roster('s1', load);
    expect(calls).toHaveLength(1);
    calls[0]?.resolve(roster(3));
    expect((await first).nurses).toHaveLength(3);
    expect(await second).toBe(await first);
    clock = 59_999;
    expect((await cache.roster('s1', load)).nurses).toHaveLength(3);
    expect(calls).toHaveLength(1);
  });

  it('past its age, answers what it keeps at once and reloads once in the background', async () => {
    let clock = 0;
    const cache = createRosterCache(60_000, () => clock);
    const { load, calls } = deferredLoad();
    const first = cache.roster('s1', load);
    calls[0]?.resolve(roster(3));
    await first;
    clock = 60_000;
    // Neither request waits for the reload, and only one reload runs.
    expect((await cache.roster('s1', load)).nurses).toHaveLength(3);
    expect((await cache.roster('s1', load)).nurses).toHaveLength(3);
    expect(calls).toHaveLength(2);
    calls[1]?.resolve(roster(4));
    await flush();
    expect((await cache.roster('s1', load)).nurses).toHaveLength(4);
    expect(calls).toHaveLength(2);
  });

  it('keeps what it had when a background reload fails, and tries again on the next request', async () => {
    let clock = 0;
    const cache = createRosterCache(60_000, () => clock);
    const { load, calls } = deferredLoad();
    const first = cache.roster('s1', load);
    calls[0]?.resolve(roster(3));
    await first;
    clock = 60_000;
    await cache.roster('s1', load);
    calls[1]?.reject(new Error('connection lost'));
    await flush();
    expect((await cache.roster('s1', load)).nurses).toHaveLength(3);
    expect(calls).toHaveLength(3);
  });

  it('once told of a change, never answers what it kept before, not even from a reload begun earlier', async () => {
    let clock = 0;
    const cache = createRosterCache(60_000, () => clock);
    const { load, calls } = deferredLoad();
    const first = cache.roster('s1', load);
    calls[0]?.resolve(roster(3));
    await first;
    clock = 60_000;
    await cache.roster('s1', load); // a background reload begins (calls[1])
    cache.invalidate();
    const fresh = cache.roster('s1', load); // waits for a load begun after the change
    expect(calls).toHaveLength(3);
    calls[1]?.resolve(roster(99)); // the reload from before the change comes back late
    calls[2]?.resolve(roster(5));
    expect((await fresh).nurses).toHaveLength(5);
    await flush();
    expect((await cache.roster('s1', load)).nurses).toHaveLength(5);
  });

  it('does not keep a failed first load', async () => {
    const cache = createRosterCache(60_000, () => 0);
    const { load, calls } = deferredLoad();
    const first = cache.roster('s1', load);
    calls[0]?.reject(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    const second = cache.roster('s1', load);
    expect(calls).toHaveLength(2);
    calls[1]?.resolve(roster(2));
    expect((await second).nurses).toHaveLength(2);
  });
});
