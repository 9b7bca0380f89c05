import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the API must read back (operators' TOTP secrets), sealed with AES-256-GCM. The key is
 * the SHA-256 of the console's secret and a label, so each use has its own key; the owner's id is
 * authenticated with the text, so a sealed value copied onto another row does not open there.
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
export interface SecretBox {
  seal(plain: string, owner: string): string;
  /** The plain text, or null for anything not sealed by this key for this owner. */
  open(sealed: string, owner: string): string | null;
}

export function secretBox(consoleSecret: string, label: string): SecretBox {
  const key = createHash('sha256').update(`${consoleSecret}\u0000${label}`, 'utf8').digest();
  return {
    seal(plain, owner) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(owner, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, owner) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(owner, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}
