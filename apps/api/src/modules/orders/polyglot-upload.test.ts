import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { FILE_ERROR_MESSAGE } from '@visita/domain/files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { JPEG, multipart, orderLead, PDF, PNG } from './test-files.ts';

const engine = TEST_ENGINES[0];
if (!engine) throw new Error('no engine');

/** A ZIP archive with one stored file ('a.txt': 'hola'), as `zip` writes it. */
function zipArchive(): Buffer {
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

const pdfWith = (objects: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R${objects}>>endobj\n` +
      '2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );

/** A PDF whose catalogue's open action is in a compressed object stream: script hidden from a plain scan. */
function pdfWithPackedScript(): Buffer {
  const packed = deflateSync(Buffer.from('3 0 <</S/JavaScript/JS(app.alert(1))>>'));
  return Buffer.concat([
    Buffer.from('%PDF-1.5\n1 0 obj<</Type/Catalog/OpenAction 3 0 R>>endobj\n'),
    Buffer.from(`4 0 obj<</Type/ObjStm/N 1/First 4/Filter/FlateDecode/Length ${packed.length}>>stream\n`),
    packed,
    Buffer.from('\nendstream\nendobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
  ]);
}

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
    ['a PDF with script packed in an object stream', pdfWithPackedScript(), 'pdf'],
    ['a PDF that launches a program', pdfWith('/OpenAction<</S/Launch/F(cmd.exe)>>'), 'pdf'],
    ['a PDF cut before its end', PDF.subarray(0, PDF.length - 8), 'pdf'],
    ['a PNG with a ZIP after its end', Buffer.concat([PNG, zipArchive()]), 'png'],
    ['a PNG with a broken chunk', corruptedPng(), 'png'],
    ['a PNG with HTML in a text chunk', pngWithText('<script>alert(1)</script>'), 'png'],
    [
      'a JPEG signature with no image',
      Buffer.concat([JPEG.subarray(0, 20), Buffer.alloc(64), Buffer.from([0xff, 0xd9])]),
      'jpg',
    ],
    ['a JPEG with a ZIP after its end', Buffer.concat([JPEG, zipArchive()]), 'jpg'],
  ])('refuses %s with the file error, storing nothing', async (_case, data, extension) => {
    const before = await stored();
    const type = extension === 'pdf' ? 'application/pdf' : `image/${extension === 'jpg' ? 'jpeg' : 'png'}`;
    const response = await upload(data, `orden.${extension}`, type);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ err: 'invalid-file', msg: FILE_ERROR_MESSAGE });
    expect(await stored()).toBe(before);
  });
});

/** The 1×1 PNG with a tEXt chunk (right CRC) before its IEND. */
function pngWithText(text: string): Buffer {
  const iendAt = PNG.length - 12;
  const body = Buffer.concat([Buffer.from('tEXt'), Buffer.from(`Comment\0${text}`, 'latin1')]);
  const chunk = Buffer.alloc(body.length + 8);
  chunk.writeUInt32BE(body.length - 4, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), body.length + 4);
  return Buffer.concat([PNG.subarray(0, iendAt), chunk, PNG.subarray(iendAt)]);
}

/** The 1×1 PNG with one byte of its image data changed: its chunk's CRC no longer matches. */
function corruptedPng(): Buffer {
  const copy = Buffer.from(PNG);
  const at = copy.indexOf('IDAT') + 6;
  copy[at] = (copy[at] ?? 0) ^ 0xff;
  return copy;
}
