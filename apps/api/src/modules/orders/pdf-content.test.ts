import { describe, expect, it } from 'vitest';
import { isInertPdf } from './pdf-content.ts';
import { pdfBomb, pdfWithObjectStream } from './test-files.ts';

describe('what reading a PDF may inflate', () => {
  it('an object stream that inflates to 256 MiB: refused once 64 MiB are inflated', async () => {
    const data = pdfBomb();
    const started = Date.now();
    expect(await isInertPdf(data)).toBe(false);
    // Without the allowance the library inflated all of it, its buffer doubling up to 512 MiB,
    // for several seconds.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('an object stream that inflates to 32 MiB, far more than writers make: read', async () => {
    const data = pdfWithObjectStream({ openAction: '[3 0 R/Fit]', padding: 32 * 1024 * 1024 });
    expect(await isInertPdf(data)).toBe(true);
  });

  it('the allowance is per reading: PDFs read after a refused one are read whole', async () => {
    expect(await isInertPdf(pdfBomb())).toBe(false);
    const data = pdfWithObjectStream({ openAction: '[3 0 R/Fit]', padding: 32 * 1024 * 1024 });
    expect(await Promise.all([isInertPdf(data), isInertPdf(data), isInertPdf(data)])).toEqual([
      true,
      true,
      true,
    ]);
  });
});
