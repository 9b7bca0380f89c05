import { describe, expect, it } from 'vitest';
import { cachedRead } from './cached-read.ts';

/** A read that counts its calls and answers when told to. */
function countedRead() {
  const pending: Array<(value: number) => void> = [];
  let calls = 0;
  return {
    read: () => {
      calls += 1;
      return new Promise<number>((resolve) => pending.push(resolve));
    },
    calls: () => calls,
    answer: (value: number) => pending.shift()?.(value),
  };
}

describe('cachedRead', () => {
  it('reuses an answer within its age and reads again after it, by the clock it is given', async () => {
    let clock = 1_000;
    const counted = countedRead();
    const cached = cachedRead(counted.read, 5_000, () => clock);
    const first = cached();
    counted.answer(7);
    expect(await first).toBe(7);
    clock += 4_999;
    expect(await cached()).toBe(7);
    expect(counted.calls()).toBe(1);
    clock += 1;
    const second = cached();
    expect(counted.calls()).toBe(2);
    counted.answer(8);
    expect(await second).toBe(8);
  });

  it('lets overlapping calls share the read in flight, even when nothing is kept (0)', async () => {
    const counted = countedRead();
    const cached = cachedRead(counted.read, 0);
    const both = Promise.all([cached(), cached()]);
    expect(counted.calls()).toBe(1);
    counted.answer(3);
    expect(await both).toEqual([3, 3]);
    // Nothing kept: the next call reads again.
    const next = cached();
    expect(counted.calls()).toBe(2);
    counted.answer(4);
    expect(await next).toBe(4);
  });

  it('keeps no failure: the next call reads again', async () => {
    let calls = 0;
    const cached = cachedRead(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database unreachable');
      return calls;
    }, 60_000);
    await expect(cached()).rejects.toThrow('database unreachable');
    expect(await cached()).toBe(2);
    expect(await cached()).toBe(2);
    expect(calls).toBe(2);
  });
});
