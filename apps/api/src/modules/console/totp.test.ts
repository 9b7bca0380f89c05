import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { secretBox } from './secret-box.ts';
import { acceptedTotpStep, newTotpSecret, totpUri } from './totp.ts';

const at = (seconds: number) => new Date(seconds * 1000);
const codeAt = (secret: string, seconds: number) => generate({ secret, epoch: seconds });

describe('TOTP codes', () => {
  const secret = newTotpSecret();
  const t = 1_800_000_000; // the start of a 30-second step

  it('takes the code of this step and of the step before, never older or newer ones', async () => {
    const step = t / 30;
    expect(await acceptedTotpStep(secret, await codeAt(secret, t + 5), null, at(t + 5))).toBe(step);
    expect(await acceptedTotpStep(secret, await codeAt(secret, t - 30), null, at(t + 5))).toBe(step - 1);
    expect(await acceptedTotpStep(secret, await codeAt(secret, t - 60), null, at(t + 5))).toBeNull();
    expect(await acceptedTotpStep(secret, await codeAt(secret, t + 30), null, at(t + 5))).toBeNull();
  });

  it('refuses a code of a step already used, and takes the next one', async () => {
    const step = t / 30;
    expect(await acceptedTotpStep(secret, await codeAt(secret, t), step, at(t + 5))).toBeNull();
    expect(await acceptedTotpStep(secret, await codeAt(secret, t - 30), step, at(t + 5))).toBeNull();
    expect(await acceptedTotpStep(secret, await codeAt(secret, t + 30), step, at(t + 35))).toBe(step + 1);
  });

  it('accepts nothing for a wrong code, a malformed secret or a last step ahead of the clock', async () => {
    const right = await codeAt(secret, t);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(await acceptedTotpStep(secret, wrong, null, at(t))).toBeNull();
    expect(await acceptedTotpStep('not base32!', right, null, at(t))).toBeNull();
    expect(await acceptedTotpStep(secret, right, t / 30 + 100, at(t))).toBeNull();
  });

  it('gives an otpauth address with the issuer, the e-mail and the secret', () => {
    const uri = new URL(totpUri('ana@visita.cl', secret));
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.pathname)).toContain('Visita:ana@visita.cl');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Visita');
  });
});

describe('secret box', () => {
  const box = secretBox('a console secret of enough length, 32+', 'totp');

  it('opens what it sealed, for the same owner only', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXPJBSWY3DP', 'operator-1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'operator-1')).toBe('JBSWY3DPEHPK3PXPJBSWY3DP');
    expect(box.open(sealed, 'operator-2')).toBeNull();
    expect(box.seal('x', 'o')).not.toBe(box.seal('x', 'o'));
  });

  it('opens nothing sealed with another secret or label, altered, or malformed', () => {
    const sealed = box.seal('secret', 'o');
    expect(secretBox('another console secret of 32+ characters', 'totp').open(sealed, 'o')).toBeNull();
    expect(secretBox('a console secret of enough length, 32+', 'other').open(sealed, 'o')).toBeNull();
    const [v, iv, tag, body = ''] = sealed.split('.');
    const flipped = `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`;
    expect(box.open([v, iv, tag, flipped].join('.'), 'o')).toBeNull();
    expect(box.open('none', 'o')).toBeNull();
    expect(box.open('v1.x.y', 'o')).toBeNull();
  });
});
