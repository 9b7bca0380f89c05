import type { AllowedUploadType } from '@visita/domain/files';
import type sharp from 'sharp';
import { isInertPdfApart } from './pdf-reader.ts';

/**
 * What to store for a staged file of the type its first bytes named, or null to refuse it. A PDF
 * is stored as sent when it arrived whole, is nothing else at once and does nothing but show its
 * pages. An image is decoded and encoded again: what is stored is its pixels alone, without its
 * metadata (EXIF, the place a photo was taken among them), text chunks or anything appended to it.
 */
export async function storableContent(bytes: Buffer, type: AllowedUploadType): Promise<Buffer | null> {
  switch (type) {
    case 'application/pdf':
      return endsAsPdf(bytes) && !isPolyglot(bytes) && (await oneOfFewReads(() => isInertPdfApart(bytes)))
        ? bytes
        : null;
    case 'image/jpeg':
    case 'image/png':
      return oneOfFewReads(() => reencodedImage(bytes, type));
    default:
      return null;
  }
}

/** A PDF cut short (an interrupted upload) would reach the staff broken: its end-of-file marker is last. */
function endsAsPdf(bytes: Buffer): boolean {
  // Writers may pad after the marker with whitespace or NULs, never with anything else.
  return bytes.toString('latin1').trimEnd().replace(/\0+$/, '').slice(-1024).includes('%%EOF');
}

/**
 * HTML that a browser would run if the file were ever opened as a page. Matched on the raw bytes:
 * these words in compressed data by chance are vanishingly unlikely (5+ exact letters).
 */
const MARKUP = /<(?:script|html|body|iframe|object|embed|svg|!doctype\s+html)[\s>/]/i;

/** A ZIP reader looks for its end-of-directory record in the last 64 KB (plus the record). */
const ZIP_TAIL = 65_536 + 22;
const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/**
 * A PDF that is also an HTML page or a ZIP archive opens as that in another program: the PDF
 * library reads it as a PDF and cannot tell.
 */
function isPolyglot(bytes: Buffer): boolean {
  return (
    MARKUP.test(bytes.toString('latin1')) ||
    bytes.subarray(Math.max(0, bytes.length - ZIP_TAIL)).includes(ZIP_END)
  );
}

/**
 * Files read (a PDF parsed, an image decoded) at once, by this process: each may take a few
 * hundred megabytes while it is read, so more uploads wait their turn instead of exhausting memory.
 */
const MAX_READS = 2;
let reading = 0;
const waiting: (() => void)[] = [];

async function oneOfFewReads<T>(read: () => Promise<T>): Promise<T> {
  if (reading < MAX_READS) reading += 1;
  // A reading that ends hands its place on, so `reading` stays as it is.
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await read();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else reading -= 1;
  }
}

let imageLib: Promise<typeof sharp> | undefined;
/** Loaded with the first image, as the PDF library is with the first PDF (in its own thread). */
const loadImageLib = () =>
  (imageLib ??= import('sharp').then(({ default: lib }) => {
    // An upload is decoded once: libvips' cache of operations would only hold memory.
    lib.cache(false);
    return lib;
  }));

/**
 * Decoding more pixels than this would hold hundreds of megabytes for one upload; a phone's
 * full-size photo has about half as many (the widget sends large ones at 1000 px).
 */
const MAX_IMAGE_PIXELS = 100_000_000;

/** An image that takes longer than this to decode and encode again is refused. */
const IMAGE_TIMEOUT_SECONDS = 5;

/**
 * The image decoded and encoded again in its own format. Its orientation is applied first, since
 * it is part of the metadata that is dropped. An image that does not decode is refused (its
 * warnings are tolerated, as browsers tolerate them). JPEG at quality 90 keeps an order's small
 * print legible. libvips works on its own threads, so the server goes on answering meanwhile.
 */
async function reencodedImage(bytes: Buffer, type: 'image/jpeg' | 'image/png'): Promise<Buffer | null> {
  const decode = await loadImageLib();
  try {
    const image = decode(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
      .autoOrient()
      .timeout({ seconds: IMAGE_TIMEOUT_SECONDS });
    return await (type === 'image/png' ? image.png() : image.jpeg({ quality: 90 })).toBuffer();
  } catch {
    return null;
  }
}
