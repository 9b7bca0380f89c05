import { createHash, randomBytes } from 'node:crypto';

/** A staff API token as stored: its SHA-256 (hex). The token itself is shown once and never kept. */
export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new staff API token: 32 random bytes, base64url (43 characters). */
export const newApiToken = () => randomBytes(32).toString('base64url');
