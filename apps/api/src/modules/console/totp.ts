import { generateSecret, generateURI, verify } from 'otplib';

/** Codes change every 30 seconds; the one of the step before is still taken (a slow typist). */
const PERIOD_S = 30;
const ISSUER = 'Visita';

/** A new secret (20 random bytes, base32) for an authenticator app. */
export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// address an authenticator app reads (as a QR code or typed). */
export const totpUri = (email: string, secret: string): string =>
  generateURI({ issuer: ISSUER, label: email, secret, period: PERIOD_S });

/**
 * The time step a code belongs to when it is right for this secret now (or one step ago) and
 * later than `lastStep`, the step last accepted; null otherwise. A code is never taken twice.
 */
export async function acceptedTotpStep(
  secret: string,
  code: string,
  lastStep: number | null,
  now: Date = new Date(),
): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      period: PERIOD_S,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: [PERIOD_S, 0],
      ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // A malformed secret, or a last step ahead of this clock: no code is accepted.
    return null;
  }
}
