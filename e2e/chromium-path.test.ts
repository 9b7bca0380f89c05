import { describe, expect, it } from 'vitest';
import { INSTALL_HINT, resolveChromium } from './chromium-path.ts';

describe('which Chromium the end-to-end tests launch', () => {
  it('takes CHROMIUM_PATH first', () => {
    // Any existing executable stands in for a browser here; only the choice is under test.
    expect(resolveChromium({ CHROMIUM_PATH: process.execPath })).toBe(process.execPath);
  });

  it('fails naming the install command when CHROMIUM_PATH points nowhere', () => {
    expect(() => resolveChromium({ CHROMIUM_PATH: '/nonexistent/chromium' })).toThrow(INSTALL_HINT);
    expect(INSTALL_HINT).toBe('apt-get install -y chromium');
  });
});
