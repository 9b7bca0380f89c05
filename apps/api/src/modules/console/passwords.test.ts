import { describe, expect, it } from 'vitest';
import { hashPassword, oneTimePassword, verifyNothing, verifyPassword } from './passwords.ts';

describe('operator passwords', () => {
  it('hash with argon2id and verify only the same password', async () => {
    const stored = await hashPassword('una clave muy larga');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'una clave muy larga')).toBe(true);
    expect(await verifyPassword(stored, 'una clave muy larga ')).toBe(false);
  });

  it('treat a malformed stored hash as a mismatch', async () => {
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    await expect(verifyNothing('x')).resolves.toBeUndefined();
  });

  it('make one-time passwords of 16 readable characters, different each time', () => {
    const made = new Set(Array.from({ length: 50 }, () => oneTimePassword()));
    expect(made.size).toBe(50);
    for (const password of made) expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{16}$/);
  });
});
