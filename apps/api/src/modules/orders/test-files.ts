import { crc32, deflateSync } from 'node:zlib';

/**
 * Files for upload tests: what each type's first bytes are (and what an executable's are), and
 * PDFs and images built to carry what an upload must not.
 */

/** A complete one-page PDF. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * A PDF 1.5 as writers since PDF 1.5 make them: its catalogue (opening on `openAction`), page
 * tree, page and open action packed in an object stream (object 5), which a cross-reference stream
 * (object 6) points into. The options vary the object stream's dictionary and data.
 */
export function pdfWithObjectStream({
  openAction = '<</S/JavaScript/JS(app.alert(1))>>',
  pageEntries = '',
  type = '/Type/ObjStm',
  beforeStream = '',
  compressed = true,
  predictor = false,
  padding = 0,
}: {
  /** The fourth packed object, which the catalogue's /OpenAction names. */
  openAction?: string;
  /** More entries of the page's dictionary. */
  pageEntries?: string;
  /** The object stream's /Type entry as written ('' for none). */
  type?: string;
  /** What comes between the object stream's dictionary and its `stream` keyword. */
  beforeStream?: string;
  compressed?: boolean;
  /** Data in rows of 8 bytes, each the difference from the row above (a PNG "Up" predictor). */
  predictor?: boolean;
  /**
   * Spaces after the packed objects, which a reader skips: compressed, a thousand of them take
   * about a byte (256 MiB about 261 KB).
   */
  padding?: number;
} = {}): Buffer {
  const packed = [
    '<</Type/Catalog/Pages 2 0 R/OpenAction 4 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    `<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]${pageEntries}>>`,
    openAction,
  ];
  let index = '';
  let body = '';
  packed.forEach((object, i) => {
    index += `${i + 1} ${body.length} `;
    body += `${object}\n`;
  });
  let data = Buffer.alloc(index.length + body.length + padding, 0x20);
  data.write(index + body, 'latin1');
  if (predictor) {
    const rows: Buffer[] = [];
    for (let at = 0; at < data.length; at += 8) {
      const row = Buffer.alloc(9);
      row[0] = 2;
      for (let i = 0; i < 8; i++) row[i + 1] = ((data[at + i] ?? 0) - (data[at + i - 8] ?? 0)) & 0xff;
      rows.push(row);
    }
    data = Buffer.concat(rows);
  }
  if (compressed) data = deflateSync(data, { level: 9 });
  const filter = compressed ? '/Filter/FlateDecode' : '';
  const parameters = predictor ? '/DecodeParms<</Predictor 12/Columns 8>>' : '';
  const header = Buffer.from('%PDF-1.5\n');
  const objectStream = Buffer.concat([
    Buffer.from(
      `5 0 obj\n<<${type}/N 4/First ${index.length}${filter}${parameters}/Length ${data.length}>>` +
        `${beforeStream}\nstream\n`,
    ),
    data,
    Buffer.from('\nendstream\nendobj\n'),
  ]);
  const xrefAt = header.length + objectStream.length;
  // Entries of 7 bytes: type (0 free, 1 at an offset, 2 in an object stream), then 4 and 2 bytes.
  const entries = Buffer.alloc(7 * 7);
  const entry = (n: number, kind: number, a: number, b: number) => {
    entries[n * 7] = kind;
    entries.writeUInt32BE(a, n * 7 + 1);
    entries.writeUInt16BE(b, n * 7 + 5);
  };
  entry(0, 0, 0, 65535);
  for (let i = 0; i < 4; i++) entry(i + 1, 2, 5, i);
  entry(5, 1, header.length, 0);
  entry(6, 1, xrefAt, 0);
  return Buffer.concat([
    header,
    objectStream,
    Buffer.from(`6 0 obj\n<</Type/XRef/Size 7/W[1 4 2]/Root 1 0 R/Length ${entries.length}>>\nstream\n`),
    entries,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`),
  ]);
}

let bomb: Buffer | undefined;
/**
 * A PDF of 261 KB, inert but for its size: its object stream's data inflates to 256 MiB, spaces
 * after its objects (built once: compressing them takes a couple of seconds).
 */
export const pdfBomb = () =>
  (bomb ??= pdfWithObjectStream({ openAction: '[3 0 R/Fit]', padding: 256 * 1024 * 1024 }));

/**
 * A PDF whose page has a link (object 4) that runs a script when clicked, written inside the data
 * of another object's stream (object 5): only the cross-reference table's offset leads to it.
 */
export function pdfWithObjectInsideStream(): Buffer {
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  const add = (n: number, object: string) => {
    offsets[n] = text.length;
    text += `${n} 0 obj\n${object}\nendobj\n`;
  };
  add(1, '<</Type/Catalog/Pages 2 0 R>>');
  add(2, '<</Type/Pages/Kids[3 0 R]/Count 1>>');
  add(3, '<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]/Annots[4 0 R]>>');
  const link =
    '4 0 obj\n<</Type/Annot/Subtype/Link/Rect[0 0 10 10]/A<</S/JavaScript/JS(app.alert(1))>>>>\nendobj\n';
  const streamHead = `5 0 obj\n<</Length ${link.length}>>\nstream\n`;
  offsets[5] = text.length;
  offsets[4] = text.length + streamHead.length;
  text += `${streamHead}${link}\nendstream\nendobj\n`;
  const xrefAt = text.length;
  text += 'xref\n0 6\n0000000000 65535 f \n';
  for (let n = 1; n <= 5; n++) text += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<</Size 6/Root 1 0 R>>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The 1×1 PNG with a text chunk (tEXt, or zTXt with its text compressed) before its IEND. */
export function pngWithText(chunkType: 'tEXt' | 'zTXt', text: string): Buffer {
  const keyword = Buffer.from('Comment\0', 'latin1');
  const value =
    chunkType === 'tEXt'
      ? Buffer.from(text, 'latin1')
      : Buffer.concat([Buffer.from([0]), deflateSync(Buffer.from(text, 'latin1'))]);
  const body = Buffer.concat([Buffer.from(chunkType), keyword, value]);
  const chunk = Buffer.alloc(body.length + 8);
  chunk.writeUInt32BE(body.length - 4, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), body.length + 4);
  const iendAt = PNG.length - 12;
  return Buffer.concat([PNG.subarray(0, iendAt), chunk, PNG.subarray(iendAt)]);
}

/** A real 16×16 baseline JPEG (JFIF): its segments, a frame, a scan and the end of image. */
export const JPEG = Buffer.from(
  [
    '/9j/4AAQSkZJRgABAQEAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDREN',
    'Dg8QEBEQCgwSExIQEw8QEBD/2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQ',
    'EBAQEBAQEBAQEBAQEBD/wAARCAAQABADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAABwQF/8QAJBAAAQQBBAICAwAA',
    'AAAAAAAAAQIDBAYFBwgSExEiABQJMTL/xAAVAQEBAAAAAAAAAAAAAAAAAAAABv/EACMRAAECBQMFAAAAAAAAAAAAAAECEQME',
    'BQYhABIxFRZhgeH/2gAMAwEAAhEDEQA/ABSm0mobc8HmExLUlRzzEWPkJWW+ulrsaUVAseUgslSlH9LKuPryIKuWPZdskzXm',
    'm3fX5m2nF4GlVxx/HOpx4ks51+MiU/Iaad7UcUo4tILoS4kqcWkezS0hO/HvuRp0rO6hWnWO1UisZVuFi4GFeyEpmGepa5S5',
    'SWVPuciFKRFLgSrwetnyPIB+Vb4N9mKhQMzo5po9XLdDs9d6ZVix2VEhiL9kuNPxw2gEKcDQ/rs8AuA8VAe0vdl7VOYn+27f',
    'lGAUgmITjbhSmCg3BYlyeWDkMolvw4KOp1KM6iCNvngZHwetf//Z',
  ].join(''),
  'base64',
);

/** A ZIP archive with one stored file ('a.txt': 'hola'), as `zip` writes it. */
export function zipArchive(): Buffer {
  const name = Buffer.from('a.txt');
  const data = Buffer.from('hola');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(30 + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

/** A Linux executable's ELF header. */
export const ELF = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  Buffer.alloc(120, 0),
]);

/** A Windows executable's MZ header with its PE offset. */
export const MZ = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58, 0),
  Buffer.from([0x40, 0, 0, 0]),
  Buffer.from('PE\0\0'),
  Buffer.alloc(64, 0),
]);

export type FormPart =
  | { name: string; value: string; contentType?: string }
  | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body as a browser's FormData sends it. */
export function multipart(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----visita${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n${type}\r\n${part.value}\r\n`,
        ),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A medical order's lead (the `lead` form field) at the demo address in Las Condes, in the
 * marketplace's coverage.
 */
export const orderLead = (overrides: Record<string, unknown> = {}) => ({
  address_line_1: 'Avenida Apoquindo 4500',
  target_address: 'Avenida Apoquindo 4500, Las Condes, Región Metropolitana de Santiago, Chile',
  comuna: 'Las Condes',
  region: 'Región Metropolitana de Santiago',
  zip_code: null,
  country: 'cl',
  target_street_number: '4500',
  target_address_additional_info: null,
  target_apartment_number: '1203',
  target_residence_type: 'apartment',
  target_lng: -70.5799,
  target_lat: -33.4129,
  street: 'Avenida Apoquindo',
  number: '4500',
  name: 'Ana Pérez',
  phone: '+56912345678',
  triggered_from: 'sdk',
  section_origin: 'medical-order-sdk',
  sales_source: 'marketplace',
  special_needs: null,
  email: 'ana@example.com',
  insurance: 'fonasa',
  ...overrides,
});
