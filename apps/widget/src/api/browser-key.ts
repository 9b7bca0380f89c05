import { BROWSER_KEY_PATTERN } from '@visita/domain/contract/endpoint';

/**
 * This tab's browser key (BROWSER_KEY_HEADER): random, made once and kept in sessionStorage, so a
 * reload keeps it and nothing outlives the tab. The API counts holds and appointments per
 * browser behind a shared address with it; it identifies nobody. Where storage is refused (a
 * sandboxed frame), the key lives as long as the page.
 */
const STORAGE_KEY = 'visita.browser';
let kept: string | null = null;

function freshKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function browserKey(): string {
  if (kept) return kept;
  try {
    kept = sessionStorage.getItem(STORAGE_KEY);
    if (!kept || !BROWSER_KEY_PATTERN.test(kept)) {
      kept = freshKey();
      sessionStorage.setItem(STORAGE_KEY, kept);
    }
  } catch {
    kept = freshKey();
  }
  return kept;
}
