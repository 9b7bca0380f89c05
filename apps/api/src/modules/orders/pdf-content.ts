import type * as pdfLibModule from '@cantoo/pdf-lib';
import type { PDFObject } from '@cantoo/pdf-lib';

type PdfLib = typeof pdfLibModule;

let pdfLib: Promise<PdfLib> | undefined;
/** Loaded with the first PDF: it takes about a second, which the server's start need not pay. */
const loadPdfLib = () => (pdfLib ??= import('@cantoo/pdf-lib'));

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
  const lib = await loadPdfLib();
  const { PDFArray, PDFDict, PDFInvalidObject, PDFName, PDFRef, PDFStream } = lib;
  let context;
  try {
    // An encrypted file's names are not encrypted, so its objects are read as they are; its
    // object streams are, and one that has them is refused as unreadable.
    ({ context } = await lib.PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      preserveXFA: true,
    }));
  } catch {
    return false;
  }
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
