import { crc32, inflateSync } from 'node:zlib';
import type { AllowedUploadType } from '@visita/domain/files';

/**
 * Whether a staged file is only what its first bytes say: a PDF, JPEG or PNG that parses as one,
 * with nothing else riding along. A polyglot (a PDF that is also an HTML page or a ZIP archive,
 * an image with an archive after its end) opens as something else in another program, so it is
 * refused even though its magic bytes are right.
 */
export function isGenuineFile(bytes: Buffer, type: AllowedUploadType): boolean {
  if (carriesMarkup(bytes) || endsInZip(bytes)) return false;
  switch (type) {
    case 'application/pdf':
      return isCleanPdf(bytes);
    case 'image/png':
      return isWholePng(bytes);
    case 'image/jpeg':
      return isWholeJpeg(bytes);
    default:
      return false;
  }
}

/**
 * HTML that a browser would run if the file were ever opened as a page. Matched on the raw bytes:
 * these words in compressed data by chance are vanishingly unlikely (5+ exact letters).
 */
const MARKUP = /<(?:script|html|body|iframe|object|embed|svg|!doctype\s+html)[\s>/]/i;

function carriesMarkup(bytes: Buffer): boolean {
  return MARKUP.test(bytes.toString('latin1'));
}

/** A ZIP reader looks for its end-of-directory record in the last 64 KB (plus the record). */
const ZIP_TAIL = 65_536 + 22;
const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const ZIP_ENTRY = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function endsInZip(bytes: Buffer): boolean {
  return bytes.subarray(Math.max(0, bytes.length - ZIP_TAIL)).includes(ZIP_END);
}

/** Names that make a PDF act (run script, launch programs, carry other files). */
const ACTIVE_PDF_NAMES = /\/(?:JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|XFA)(?=[\s/<>[\]()%]|$)/;

/** `/J#53` is `/JS`: a PDF name may spell any character as #xx. */
const decodeNameEscapes = (text: string) =>
  text.replace(/#([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * A PDF: its header, an end-of-file marker near the end, no ZIP entry outside its streams, and
 * no active content in its objects, including those packed in compressed object streams.
 * Other streams (page content, images, fonts) are binary and are not searched.
 */
function isCleanPdf(bytes: Buffer): boolean {
  const text = bytes.toString('latin1');
  if (!text.startsWith('%PDF-')) return false;
  // Writers may pad after the marker with whitespace or NULs, never with anything else.
  if (!text.trimEnd().replace(/\0+$/, '').slice(-1024).includes('%%EOF')) return false;
  const objects: string[] = [];
  let last = 0;
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(text); match; match = streams.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) return false;
    const dictionary = text.slice(Math.max(last, match.index - 1024), match.index);
    objects.push(text.slice(last, match.index));
    if (/\/Type\s*\/ObjStm/.test(dictionary)) {
      if (!/\/FlateDecode/.test(dictionary)) return false;
      try {
        objects.push(
          inflateSync(bytes.subarray(start, end), { maxOutputLength: 64 * 1024 * 1024 }).toString('latin1'),
        );
      } catch {
        // An object stream nobody can read could hide anything.
        return false;
      }
    }
    last = end + 'endstream'.length;
    streams.lastIndex = last;
  }
  objects.push(text.slice(last));
  const outside = objects.join('\n');
  if (outside.includes(ZIP_ENTRY.toString('latin1'))) return false;
  return !ACTIVE_PDF_NAMES.test(decodeNameEscapes(outside));
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG: its chunks, each with a right CRC, from IHDR (a real size) to IEND, and nothing after. */
function isWholePng(bytes: Buffer): boolean {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let offset = 8;
  let first = true;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (end > bytes.length) return false;
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const crc = bytes.readUInt32BE(offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== crc) return false;
    if (first) {
      if (type !== 'IHDR' || length !== 13) return false;
      if (bytes.readUInt32BE(offset + 8) === 0 || bytes.readUInt32BE(offset + 12) === 0) return false;
      first = false;
    }
    if (type === 'IEND') return end === bytes.length;
    offset = end;
  }
  return false;
}

/**
 * A JPEG: its marker segments from SOI, a frame header with a real size, a scan, and its EOI;
 * after EOI only what cameras append (padding, a phone's motion clip), never an archive, which
 * the ZIP check above already refused.
 */
function isWholeJpeg(bytes: Buffer): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return false;
  let offset = 2;
  let frame = false;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1] ?? 0;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return false;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (length < 8) return false;
      const height = bytes.readUInt16BE(offset + 5);
      const width = bytes.readUInt16BE(offset + 7);
      if (width === 0 || height === 0) return false;
      frame = true;
    }
    if (marker === 0xda) {
      // Start of scan: the entropy-coded data runs to the end of image.
      if (!frame) return false;
      return bytes.indexOf(Buffer.from([0xff, 0xd9]), offset + 2 + length) >= 0;
    }
    offset += 2 + length;
  }
  return false;
}
