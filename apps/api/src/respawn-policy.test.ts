import { describe, expect, it } from 'vitest';
import { createRespawnPolicy, defaultRespawnOptions, type RespawnVerdict } from './respawn-policy.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('replacing dead workers', () => {
  it('replaces every worker killed together after the first wait, when they had been up a while', () => {
    const policy = createRespawnPolicy(defaultRespawnOptions(2));
    const now = 10 * MINUTE;
    expect(policy.onDeath(now, 5 * MINUTE)).toEqual({ kind: 'respawn', delayMs: 1000 });
    expect(policy.onDeath(now, 5 * MINUTE)).toEqual({ kind: 'respawn', delayMs: 1000 });
  });

  it('waits twice as long after each quick death, up to a cap, and starts over after a healthy run', () => {
    const policy = createRespawnPolicy({ ...defaultRespawnOptions(64), windowMs: MINUTE });
    const delays: number[] = [];
    let now = 0;
    for (let i = 0; i < 8; i += 1) {
      now += MINUTE; // apart enough that none count towards giving up
      const verdict = policy.onDeath(now, 2 * SECOND);
      if (verdict.kind === 'respawn') delays.push(verdict.delayMs);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    // A worker that stayed up a minute was healthy: its death is a first one again.
    expect(policy.onDeath(now + 2 * MINUTE, MINUTE)).toEqual({ kind: 'respawn', delayMs: 1000 });
    expect(policy.onDeath(now + 3 * MINUTE, 2 * SECOND)).toEqual({ kind: 'respawn', delayMs: 2000 });
  });

  it('gives up past three deaths per worker within five minutes, and not on deaths spread wider', () => {
    const verdicts = (gapMs: number) => {
      const policy = createRespawnPolicy(defaultRespawnOptions(2));
      const seen: RespawnVerdict[] = [];
      for (let i = 1; i <= 7; i += 1) seen.push(policy.onDeath(i * gapMs, SECOND));
      return seen;
    };
    const crashLoop = verdicts(10 * SECOND);
    expect(crashLoop.slice(0, 6).every((verdict) => verdict.kind === 'respawn')).toBe(true);
    expect(crashLoop[6]).toEqual({ kind: 'give-up', deaths: 7, windowMs: 5 * MINUTE });
    // Seven deaths a minute apart: never more than six in any five minutes.
    expect(verdicts(MINUTE).every((verdict) => verdict.kind === 'respawn')).toBe(true);
  });
});
