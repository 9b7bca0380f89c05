import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_ERROR_MESSAGE } from '@visita/domain/files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { JPEG, multipart, orderLead, PDF, pdfWithObjectStream, PNG, zipArchive } from './test-files.ts';

const engine = TEST_ENGINES[0];
if (!engine) throw new Error('no engine');

const pdfWith = (objects: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R${objects}>>endobj\n` +
      '2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );

describe('uploads are only what they claim to be', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'visita-polyglot-test-'));
    t = await createTestApp(engine, { env: { DATA_DIR: dataDir, ORDER_UPLOADS_PER_MINUTE: '1000' } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = (data: Buffer, filename: string, contentType: string) => {
    const body = multipart([
      { name: 'lead', value: JSON.stringify(orderLead()) },
      { name: 'orden', filename, contentType, data },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/orden-medica/create-ticket/?client_id=demo',
      payload: body.payload,
      headers: body.headers,
    });
  };
  const stored = async () =>
    (
      await readdir(join(dataDir, 'uploads'), { recursive: true, withFileTypes: true }).catch(() => [])
    ).filter((entry) => entry.isFile()).length;

  it.each([
    ['a PDF', PDF, 'orden.pdf', 'application/pdf'],
    ['a PNG', PNG, 'foto.png', 'image/png'],
    ['a JPEG', JPEG, 'foto.jpg', 'image/jpeg'],
  ])('stores %s that is only that', async (_case, data, filename, type) => {
    const response = await upload(data, filename, type);
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['a PDF that is also an HTML page', pdfWith('/Title(<html><script>alert(1)</script></html>)'), 'pdf'],
    ['a PDF that is also a ZIP', Buffer.concat([PDF, zipArchive()]), 'pdf'],
    [
      'a PDF, HTML and ZIP at once',
      Buffer.concat([pdfWith('/Title(<!DOCTYPE html><body>x</body>)'), zipArchive()]),
      'pdf',
    ],
    ['a PDF with JavaScript', pdfWith('/OpenAction<</S/JavaScript/JS(app.alert(1))>>'), 'pdf'],
    ['a PDF with the script name hex-escaped', pdfWith('/OpenAction<</S/J#61vaScript/J#53(x)>>'), 'pdf'],
    ['a PDF with script packed in an object stream', pdfWithObjectStream(), 'pdf'],
    ['a PDF that launches a program', pdfWith('/OpenAction<</S/Launch/F(cmd.exe)>>'), 'pdf'],
    ['a PDF cut before its end', PDF.subarray(0, PDF.length - 8), 'pdf'],
    ['a PNG with a broken chunk', corruptedPng(), 'png'],
    [
      'a JPEG signature with no image',
      Buffer.concat([JPEG.subarray(0, 20), Buffer.alloc(64), Buffer.from([0xff, 0xd9])]),
      'jpg',
    ],
  ])('refuses %s with the file error, storing nothing', async (_case, data, extension) => {
    const before = await stored();
    const type = extension === 'pdf' ? 'application/pdf' : `image/${extension === 'jpg' ? 'jpeg' : 'png'}`;
    const response = await upload(data, `orden.${extension}`, type);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ err: 'invalid-file', msg: FILE_ERROR_MESSAGE });
    expect(await stored()).toBe(before);
  });
});

/** The 1×1 PNG with one byte of its image data changed: its chunk's CRC no longer matches. */
function corruptedPng(): Buffer {
  const copy = Buffer.from(PNG);
  const at = copy.indexOf('IDAT') + 6;
  copy[at] = (copy[at] ?? 0) ^ 0xff;
  return copy;
}
