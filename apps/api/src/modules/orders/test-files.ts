/** Real file headers for upload tests: what each type's first bytes are (and what an executable's are). */

/** A complete one-page PDF. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A JFIF JPEG's start of image and APP0 header, then filler: type detection reads only the start. */
export const JPEG = Buffer.concat([
  Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
  ]),
  Buffer.from([0x00, 0x01, 0x00, 0x00]),
  Buffer.alloc(64, 0),
  Buffer.from([0xff, 0xd9]),
]);

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
 * A medical order's lead (the `lead` form field) at DESIGN.md's demo address in Las Condes, in the
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
