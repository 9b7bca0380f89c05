import { AsyncLocalStorage } from 'node:async_hooks';
import * as lib from '@cantoo/pdf-lib';
import type { PDFObject } from '@cantoo/pdf-lib';

/**
 * What one PDF may inflate in all while it is read: its object streams and cross-reference
 * streams, the only ones the library decodes to read the file. Those of writers hold a few
 * kilobytes to a few megabytes; compressed data can inflate a thousandfold (a 261 KB file to
 * 270 MB), and the library holds all of it at once.
 */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/** Bytes the current reading may still inflate, and whether it went past them. */
const inflation = new AsyncLocalStorage<{ left: number; exceeded: boolean }>();

/**
 * The library decodes a stream into a buffer that doubles as it fills, and has no option to cap
 * it. Every decoder it has (Flate, LZW, ASCII85, hex, run-length) grows that buffer through one
 * method of their common base class, reached here through a decoder the library hands out: each
 * growth is counted against the reading's allowance, and the reading fails past it.
 */
function boundInflation(): void {
  const { decodePDFRawStream, PDFContext, PDFName, PDFRawStream } = lib;
  const context = PDFContext.create();
  const decoder = decodePDFRawStream(
    PDFRawStream.of(context.obj({ Filter: PDFName.of('ASCIIHexDecode') }), new Uint8Array(0)),
  );
  const base = Object.getPrototypeOf(Object.getPrototypeOf(decoder)) as {
    ensureBuffer?: (this: object, requested: number) => Uint8Array;
  };
  const grow = base.ensureBuffer;
  // A version of the library that grows its buffers otherwise must not pass unbounded.
  if (!Object.hasOwn(base, 'ensureBuffer') || typeof grow !== 'function') {
    throw new Error(
      '@cantoo/pdf-lib no longer decodes through DecodeStream.ensureBuffer: bound its inflation anew',
    );
  }
  const reached = new WeakMap<object, number>();
  base.ensureBuffer = function ensureBuffer(this: object, requested: number) {
    const allowance = inflation.getStore();
    const had = reached.get(this) ?? 0;
    if (allowance && requested > had) {
      allowance.left -= requested - had;
      if (allowance.left < 0) {
        // The library turns a failing object into an invalid one or skips it: the reading remembers.
        allowance.exceeded = true;
        throw new Error('the PDF inflates past its allowance');
      }
      reached.set(this, requested);
    }
    return grow.call(this, requested);
  };
}
boundInflation();

/**
 * Names that make a PDF act on its own or on a click: run script, launch a program, send or
 * import data, open another file or one it carries, play rich media, run an XML form. Compared
 * after the parser decoded their #xx escapes (`/J#61vaScript` is `/JavaScript`).
 */
const ACTIVE_NAMES = [
  'JavaScript',
  'JS',
  'AA',
  'Launch',
  'SubmitForm',
  'ImportData',
  'GoToR',
  'GoToE',
  'EmbeddedFile',
  'EmbeddedFiles',
  'EF',
  'FileAttachment',
  'RichMedia',
  'XFA',
];

/**
 * Whether a PDF does nothing but show its pages: every object it holds, those packed in object
 * streams included, read by the PDF library and none naming active content. Refused too: a file
 * the library cannot read, an object it could only half read, a reference to an object it did
 * not find (a viewer that follows the cross-reference table may find it hidden inside another
 * object's data), and an object stream without its type, which a viewer reads and the library
 * skips.
 */
export async function isInertPdf(bytes: Uint8Array): Promise<boolean> {
  const { PDFArray, PDFDict, PDFInvalidObject, PDFName, PDFRef, PDFStream } = lib;
  const allowance = { left: MAX_INFLATED_BYTES, exceeded: false };
  let context;
  try {
    // An encrypted file's names are not encrypted, so its objects are read as they are; its
    // object streams are, and one that has them is refused as unreadable.
    ({ context } = await inflation.run(allowance, () =>
      lib.PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, preserveXFA: true }),
    ));
  } catch {
    return false;
  }
  if (allowance.exceeded) return false;
  const active = new Set(ACTIVE_NAMES.map((name) => PDFName.of(name)));
  const openAction = PDFName.of('OpenAction');
  const objectStream = PDFName.of('ObjStm');

  /** A destination (a page and a view), or an action that only goes to one: what writers put there. */
  const isDestination = (value: PDFObject | undefined): boolean =>
    value instanceof PDFArray ||
    (value instanceof PDFDict &&
      value.lookup(PDFName.of('S')) === PDFName.of('GoTo') &&
      !value.has(PDFName.of('Next')));

  // Iterative, pushing one by one: a deeply nested file or a huge array must not overflow the stack.
  const pending: PDFObject[] = context.enumerateIndirectObjects().map(([, object]) => object);
  for (let object = pending.pop(); object !== undefined; object = pending.pop()) {
    if (object instanceof PDFInvalidObject) return false;
    if (object instanceof PDFName) {
      if (active.has(object)) return false;
    } else if (object instanceof PDFRef) {
      if (context.lookup(object) === undefined) return false;
    } else if (object instanceof PDFArray) {
      for (const item of object.asArray()) pending.push(item);
    } else if (object instanceof PDFDict) {
      // Writers open on a page (LaTeX's hyperref does); anything else on opening is refused.
      if (object.has(openAction) && !isDestination(object.lookup(openAction))) return false;
      for (const [key, value] of object.entries()) pending.push(key, value);
    } else if (object instanceof PDFStream) {
      const { dict } = object;
      const packsObjects = dict.has(PDFName.of('N')) && dict.has(PDFName.of('First'));
      if (packsObjects && dict.lookup(PDFName.of('Type')) !== objectStream) return false;
      pending.push(dict);
    }
  }
  return true;
}
