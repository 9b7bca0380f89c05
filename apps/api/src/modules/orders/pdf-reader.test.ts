import { describe, expect, it } from 'vitest';
import { isInertPdfApart } from './pdf-reader.ts';
import { PDF, pdfWithObjectStream } from './test-files.ts';

/** An inert PDF whose page carries an array of `count` numbers: about 50 bytes of heap each once read. */
function pdfWithNumbers(count: number): Buffer {
  const numbers = Array.from({ length: count }, (_, i) => i).join(' ');
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]/Numbers[${numbers}]>>endobj\n` +
      'trailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
}

/** The server's memory, with time enough for a busy test machine: these tests are about memory. */
const ROOMY = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 16, timeoutMs: 60_000 };

describe('PDFs read on a thread of their own', () => {
  it('answers as the reading does', async () => {
    expect(await isInertPdfApart(PDF)).toBe(true);
    expect(await isInertPdfApart(pdfWithObjectStream())).toBe(false);
  });

  it('a PDF whose reading needs more memory than its thread has: refused, its thread ended, this process unharmed', async () => {
    // About 2 MB, whose objects take some 50 MB of heap once read.
    const data = pdfWithNumbers(300_000);
    expect(await isInertPdfApart(data, ROOMY)).toBe(true);
    // Refused on a thread with a 16 MB heap, which runs out long before its time.
    expect(
      await isInertPdfApart(data, { ...ROOMY, maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 }),
    ).toBe(false);
    expect(await isInertPdfApart(PDF)).toBe(true);
  });

  it('a PDF whose reading takes longer than its time: refused when the time is up', async () => {
    // Read whole above; here its thread has 50 ms once started.
    expect(await isInertPdfApart(pdfWithNumbers(300_000), { ...ROOMY, timeoutMs: 50 })).toBe(false);
    expect(await isInertPdfApart(PDF)).toBe(true);
  });
});
