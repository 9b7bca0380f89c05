import type { AvailabilityEntry } from '@visita/domain/contract/appointments';
import { describe, expect, it } from 'vitest';
import { createAvailabilityCache, STALE_FACTOR } from './availability-cache.ts';

const answer = (begin: string): AvailabilityEntry[] => [
  { date: '2026-12-01', begin_time: begin, end_time: '11:00' },
];

function setup(ttl = 1000) {
  let clock = 0;
  let computed = 0;
  let next = answer('10:00');
  const cache = createAvailabilityCache(ttl, () => clock);
  const compute = async () => {
    computed += 1;
    return next;
  };
  return {
    cache,
    compute,
    tick: (ms: number) => {
      clock += ms;
    },
    setNext: (value: AvailabilityEntry[]) => {
      next = value;
    },
    computed: () => computed,
  };
}

describe('the availability cache', () => {
  it('computes every time with a TTL of 0', async () => {
    const t = setup(0);
    await t.cache.get('k', 1, t.compute);
    await t.cache.get('k', 1, t.compute);
    expect(t.computed()).toBe(2);
  });

  it('answers from the cache within the TTL', async () => {
    const t = setup();
    await t.cache.get('k', 1, t.compute);
    t.tick(999);
    await t.cache.get('k', 1, t.compute);
    expect(t.computed()).toBe(1);
  });

  it('serves a recent answer at once after the TTL while one refresh runs, then the fresh one', async () => {
    const t = setup();
    await t.cache.get('k', 1, t.compute);
    t.setNext(answer('12:00'));
    t.tick(1500);
    expect(await t.cache.get('k', 1, t.compute)).toEqual(answer('10:00'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await t.cache.get('k', 1, t.compute)).toEqual(answer('12:00'));
    expect(t.computed()).toBe(2);
  });

  it(`never serves an answer ${STALE_FACTOR} TTLs old: it waits for a fresh one`, async () => {
    const t = setup();
    await t.cache.get('k', 1, t.compute);
    t.setNext(answer('15:00'));
    t.tick(STALE_FACTOR * 1000);
    expect(await t.cache.get('k', 1, t.compute)).toEqual(answer('15:00'));
  });

  it('shares one computation between concurrent requests', async () => {
    const t = setup();
    await Promise.all([
      t.cache.get('k', 1, t.compute),
      t.cache.get('k', 1, t.compute),
      t.cache.get('k', 1, t.compute),
    ]);
    expect(t.computed()).toBe(1);
  });

  it('forgets the sectors of a hold at once, and only those sectors', async () => {
    const t = setup();
    await t.cache.get('a', 1, t.compute);
    await t.cache.get('b', 2, t.compute);
    await t.cache.get('c', 3, t.compute);
    t.cache.invalidate([1, 3]);
    t.setNext(answer('16:00'));
    expect(await t.cache.get('a', 1, t.compute)).toEqual(answer('16:00'));
    expect(await t.cache.get('b', 2, t.compute)).toEqual(answer('10:00'));
    expect(await t.cache.get('c', 3, t.compute)).toEqual(answer('16:00'));
  });

  it('forgets everything on null, even a sector whose first answer is still being computed', async () => {
    const t = setup();
    await t.cache.get('a', 1, t.compute);
    let release: () => void = () => {};
    const pending = t.cache.get(
      'b',
      2,
      () =>
        new Promise<AvailabilityEntry[]>((resolve) => {
          release = () => resolve(answer('09:00'));
        }),
    );
    t.cache.invalidate(null);
    release();
    expect(await pending).toEqual(answer('09:00'));
    t.setNext(answer('18:00'));
    expect(await t.cache.get('a', 1, t.compute)).toEqual(answer('18:00'));
    expect(await t.cache.get('b', 2, t.compute)).toEqual(answer('18:00'));
  });

  it('does not keep an answer computed before a hold that landed during the computation', async () => {
    const t = setup();
    let release: () => void = () => {};
    const slow = () =>
      new Promise<AvailabilityEntry[]>((resolve) => {
        release = () => resolve(answer('09:00'));
      });
    const pending = t.cache.get('k', 1, slow);
    t.cache.invalidate([1]);
    release();
    expect(await pending).toEqual(answer('09:00'));
    t.setNext(answer('17:00'));
    expect(await t.cache.get('k', 1, t.compute)).toEqual(answer('17:00'));
  });
});
