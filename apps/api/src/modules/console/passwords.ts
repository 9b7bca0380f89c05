import { hash, verify } from '@node-rs/argon2';
import { randomInt } from 'node:crypto';

/**
 * Operators' passwords: argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane). At most a
 * few hashes run at once, so a flood of sign-ins cannot take the server's memory.
 */
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
const MAX_AT_ONCE = 4;
let running = 0;
const waiting: Array<() => void> = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, OPTIONS));
}

/** Whether the password matches; a malformed stored hash is a mismatch, never an error. */
export function verifyPassword(stored: string, password: string): Promise<boolean> {
  return limited(() => verify(stored, password).catch(() => false));
}

/** A hash of nothing anyone knows: an unknown e-mail costs the same time as a wrong password. */
let dummy: Promise<string> | null = null;
export async function verifyNothing(password: string): Promise<void> {
  dummy ??= hashPassword(`nobody-${randomInt(1e9)}`);
  await verifyPassword(await dummy, password);
}

/** Letters and digits a person reads off a screen without confusing them (no 0/O, 1/l/I). */
const READABLE = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A one-time password an admin hands over: 16 readable characters (about 93 bits). */
export function oneTimePassword(): string {
  let out = '';
  for (let i = 0; i < 16; i++) out += READABLE[randomInt(READABLE.length)];
  return out;
}
