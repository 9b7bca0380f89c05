import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { FILE_ERROR_MESSAGE } from '@visita/domain/files';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { clients, medicalOrderFiles, medicalOrders, outboxEvents } from '../../db/schema.ts';
import { DEMO_LAAS_TOKEN } from '../../db/seed/demo-clients.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  ELF,
  type FormPart,
  JPEG,
  multipart,
  MZ,
  orderLead as lead,
  PDF,
  pdfBomb,
  pdfWithObjectInsideStream,
  pdfWithObjectStream,
  PNG,
  pngWithText,
  zipArchive,
} from './test-files.ts';

/** 'Avenida Grecia 1000, Antofagasta' as the offline gazetteer places it (out of coverage). */
const ANTOFAGASTA = { target_lat: -23.6509, target_lng: -70.3975 };

const file = (data: Buffer, filename = 'orden.pdf', contentType = 'application/pdf'): FormPart => ({
  name: 'orden',
  filename,
  contentType,
  data,
});

const leadPart = (value: unknown): FormPart => ({
  name: 'lead',
  value: typeof value === 'string' ? value : JSON.stringify(value),
});

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** What an image shows: its format and size in pixels (its bytes change when it is encoded again). */
const imageFacts = async (bytes: Buffer) => {
  const { format, width, height } = await sharp(bytes).metadata();
  return { format, width, height };
};

const stagingDirs = async () => (await readdir(tmpdir())).filter((name) => name.startsWith('visita-orden-'));

describe.each(TEST_ENGINES)('medical-order upload on $name', (engine) => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'visita-orders-test-'));
    t = await createTestApp(engine, { env: { DATA_DIR: dataDir, ORDER_UPLOADS_PER_MINUTE: '1000' } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = (
    parts: FormPart[],
    url = '/api/orden-medica/create-ticket/?client_id=demo',
    headers = {},
  ) => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };

  const uploads = () => listFiles(join(dataDir, 'uploads'));

  /** The stored files of one order. */
  const orderFiles = async (groupedOrdenMedicaId: string) => {
    const [order] = await t.app.db
      .select()
      .from(medicalOrders)
      .where(eq(medicalOrders.groupedOrdenMedicaId, groupedOrdenMedicaId));
    return t.app.db
      .select()
      .from(medicalOrderFiles)
      .where(eq(medicalOrderFiles.medicalOrderId, order?.id ?? ''));
  };

  describe('accepts', () => {
    it.each([
      ['a PDF', PDF, 'orden.pdf', 'application/pdf', 'application/pdf', 'pdf'],
      ['a JPEG', JPEG, 'foto.jpg', 'image/jpeg', 'image/jpeg', 'jpg'],
      ['a PNG', PNG, 'captura.png', 'image/png', 'image/png', 'png'],
      // Judged by content: a JPEG named and declared as a PDF is stored as the JPEG it is.
      ['a JPEG sent as .pdf', JPEG, 'orden.pdf', 'application/pdf', 'image/jpeg', 'jpg'],
    ])(
      '%s, answering ok and the grouped id, and stores it under DATA_DIR/uploads',
      async (_name, data, filename, declared, stored, ext) => {
        const res = await upload([
          leadPart(lead()),
          { name: 'path', value: '/demo' },
          file(data, filename, declared),
        ]);
        expect(res.statusCode).toBe(200);
        const body = res.json<{ msg: string; groupedOrdenMedicaId: string }>();
        expect(body).toEqual({ msg: 'ok', groupedOrdenMedicaId: expect.stringMatching(/^[0-9a-f-]{36}$/) });

        const [order] = await t.app.db
          .select()
          .from(medicalOrders)
          .where(eq(medicalOrders.groupedOrdenMedicaId, body.groupedOrdenMedicaId));
        expect(order).toMatchObject({
          clientId: 'demo',
          salesSource: 'marketplace',
          country: 'cl',
          path: '/demo',
          status: 'new',
        });
        expect(order?.sectorId).toEqual(expect.any(Number));
        expect(order?.lead).toMatchObject({ name: 'Ana Pérez', target_lat: -33.4129 });
        const files = await t.app.db
          .select()
          .from(medicalOrderFiles)
          .where(eq(medicalOrderFiles.medicalOrderId, order?.id ?? ''));
        expect(files).toHaveLength(1);
        const key = files[0]?.storageKey ?? '';
        const kept = await readFile(join(dataDir, 'uploads', key));
        expect(files[0]).toMatchObject({ contentType: stored, size: kept.length, originalName: filename });
        expect(key).toMatch(
          new RegExp(`^medical-orders/${body.groupedOrdenMedicaId}/[0-9a-f-]{36}\\.${ext}$`),
        );
        // The client's file name never names the stored file.
        expect(key).not.toContain(filename.replace(/\..*$/, ''));
        // A PDF is kept as sent; an image is encoded again, the same picture in the same format.
        const shown = (bytes: Buffer) => (stored === 'application/pdf' ? bytes : imageFacts(bytes));
        expect(await shown(kept)).toEqual(await shown(data));
      },
    );

    it('a PDF packed in an object stream without compression, opening on its page: stored as sent', async () => {
      const data = pdfWithObjectStream({ compressed: false, openAction: '[3 0 R/Fit]' });
      const res = await upload([leadPart(lead()), file(data)]);
      expect(res.statusCode).toBe(200);
      const [row] = await orderFiles(res.json<{ groupedOrdenMedicaId: string }>().groupedOrdenMedicaId);
      expect(await readFile(join(dataDir, 'uploads', row?.storageKey ?? ''))).toEqual(data);
    });

    it.each([
      [
        'a PNG with markup in a tEXt chunk',
        pngWithText('tEXt', '<script>alert(1)</script>'),
        'image/png',
        '<script>',
      ],
      [
        'a PNG with markup in a compressed zTXt chunk',
        pngWithText('zTXt', '<script>alert(1)</script>'),
        'image/png',
        'zTXt',
      ],
      // The ZIP's end-of-directory record, which a ZIP reader looks for.
      [
        'a PNG with a ZIP archive after its end',
        Buffer.concat([PNG, zipArchive()]),
        'image/png',
        'PK\u0005\u0006',
      ],
      [
        'a JPEG with a ZIP archive after its end',
        Buffer.concat([JPEG, zipArchive()]),
        'image/jpeg',
        'PK\u0005\u0006',
      ],
    ])('%s: stores the image alone', async (_name, data, type, rider) => {
      const res = await upload([leadPart(lead()), file(data, 'foto', type)]);
      expect(res.statusCode).toBe(200);
      const [row] = await orderFiles(res.json<{ groupedOrdenMedicaId: string }>().groupedOrdenMedicaId);
      const kept = await readFile(join(dataDir, 'uploads', row?.storageKey ?? ''));
      expect(data.includes(rider)).toBe(true);
      expect(kept.includes(rider)).toBe(false);
      expect(kept.includes('tEXt') || kept.includes('zTXt') || kept.includes('iTXt')).toBe(false);
      expect(await imageFacts(kept)).toEqual(await imageFacts(data));
      expect(row).toMatchObject({ contentType: type, size: kept.length });
    });

    it('a JPEG with EXIF (a description and where it was taken): stores it without its metadata', async () => {
      const data = await sharp(JPEG)
        .withExif({
          IFD0: { ImageDescription: 'Casa de Ana' },
          IFD3: {
            GPSLatitudeRef: 'S',
            GPSLatitude: '33/1 24/1 46/1',
            GPSLongitudeRef: 'W',
            GPSLongitude: '70/1 34/1 48/1',
          },
        })
        .jpeg()
        .toBuffer();
      expect((await sharp(data).metadata()).exif).toBeDefined();
      const res = await upload([leadPart(lead()), file(data, 'foto.jpg', 'image/jpeg')]);
      expect(res.statusCode).toBe(200);
      const [row] = await orderFiles(res.json<{ groupedOrdenMedicaId: string }>().groupedOrdenMedicaId);
      const kept = await readFile(join(dataDir, 'uploads', row?.storageKey ?? ''));
      expect((await sharp(kept).metadata()).exif).toBeUndefined();
      expect(kept.includes('Exif')).toBe(false);
      expect(kept.includes('Casa de Ana')).toBe(false);
      expect(await imageFacts(kept)).toEqual({ format: 'jpeg', width: 16, height: 16 });
    });

    it('a photo taken sideways (EXIF orientation 6): stored upright, since its orientation is dropped with the EXIF', async () => {
      const data = await sharp({ create: { width: 16, height: 8, channels: 3, background: '#ffffff' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const res = await upload([leadPart(lead()), file(data, 'foto.jpg', 'image/jpeg')]);
      expect(res.statusCode).toBe(200);
      const [row] = await orderFiles(res.json<{ groupedOrdenMedicaId: string }>().groupedOrdenMedicaId);
      const kept = await readFile(join(dataDir, 'uploads', row?.storageKey ?? ''));
      const { width, height, orientation } = await sharp(kept).metadata();
      expect({ width, height, orientation }).toEqual({ width: 8, height: 16, orientation: undefined });
    });

    it('several files in one order, the lead sent after them', async () => {
      const res = await upload([
        file(PDF),
        file(PNG, 'b.png', 'image/png'),
        file(JPEG, 'c.jpg', 'image/jpeg'),
        leadPart(lead()),
      ]);
      expect(res.statusCode).toBe(200);
      const { groupedOrdenMedicaId } = res.json<{ groupedOrdenMedicaId: string }>();
      const [order] = await t.app.db
        .select()
        .from(medicalOrders)
        .where(eq(medicalOrders.groupedOrdenMedicaId, groupedOrdenMedicaId));
      const files = await t.app.db
        .select()
        .from(medicalOrderFiles)
        .where(eq(medicalOrderFiles.medicalOrderId, order?.id ?? ''));
      expect(files.map((row) => row.contentType).sort()).toEqual([
        'application/pdf',
        'image/jpeg',
        'image/png',
      ]);
    });

    it("writes 'medical_order.received' for a partner with a webhook, with the order, without the person's data", async () => {
      await t.app.db
        .update(clients)
        .set({
          profile: { webhook: { url: 'https://partner.example/hooks', secret: 'whsec_0123456789abcdef' } },
        })
        .where(eq(clients.id, 'demo'));
      try {
        const res = await upload([file(PDF), file(PNG, 'b.png', 'image/png'), leadPart(lead())]);
        expect(res.statusCode).toBe(200);
        const { groupedOrdenMedicaId } = res.json<{ groupedOrdenMedicaId: string }>();
        const events = (await t.app.db.select().from(outboxEvents)).filter(
          (row) => (row.payload as { order_id?: string }).order_id === groupedOrdenMedicaId,
        );
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({
          topic: 'medical_order.received',
          channel: 'webhook',
          clientId: 'demo',
        });
        expect(events[0]?.payload).toMatchObject({
          order_id: groupedOrdenMedicaId,
          files: 2,
          client_id: 'demo',
        });
        const text = JSON.stringify(events[0]?.payload);
        for (const personal of [lead().name, lead().email, lead().phone])
          expect(text).not.toContain(personal);
      } finally {
        await t.app.db.update(clients).set({ profile: {} }).where(eq(clients.id, 'demo'));
      }
    });

    it('writes no webhook event for a partner without an endpoint', async () => {
      const res = await upload([file(PDF), leadPart(lead())]);
      const { groupedOrdenMedicaId } = res.json<{ groupedOrdenMedicaId: string }>();
      const events = (await t.app.db.select().from(outboxEvents)).filter(
        (row) => (row.payload as { order_id?: string }).order_id === groupedOrdenMedicaId,
      );
      expect(events).toEqual([]);
    });

    it('the client from the x-client-id header', async () => {
      const res = await upload([leadPart(lead()), file(PDF)], '/api/orden-medica/create-ticket/', {
        'x-client-id': 'demo',
      });
      expect(res.statusCode).toBe(200);
    });

    it('a file of exactly 15,000,000 bytes', async () => {
      const data = Buffer.concat([PDF, Buffer.alloc(15_000_000 - PDF.length, 0x20)]);
      const res = await upload([leadPart(lead()), file(data)]);
      expect(res.statusCode).toBe(200);
    });
  });

  describe('refuses, storing nothing', () => {
    let before: string[];
    let stagingBefore: string[];
    beforeEach(async () => {
      before = await uploads();
      stagingBefore = await stagingDirs();
    });
    const expectNothingStored = async () => {
      expect(await uploads()).toEqual(before);
      // The staging folder of the request is gone too.
      expect((await stagingDirs()).filter((dir) => !stagingBefore.includes(dir))).toEqual([]);
    };
    const countOrders = async () => (await t.app.db.select().from(medicalOrders)).length;

    it.each([
      ['an ELF executable renamed .pdf, declared application/pdf', ELF],
      ['a Windows (MZ) executable renamed .pdf, declared application/pdf', MZ],
      ['a text file named .pdf', Buffer.from('hola, esto no es un pdf')],
      ['an empty file', Buffer.alloc(0)],
    ])('%s: 400 with the documented file error', async (_name, data) => {
      const orders = await countOrders();
      const res = await upload([leadPart(lead()), file(data, 'orden.pdf', 'application/pdf')]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ err: 'invalid-file', msg: FILE_ERROR_MESSAGE });
      expect(FILE_ERROR_MESSAGE).toBe(
        'Lo sentimos, no podemos procesar tu archivo. Recuerda que solo puedes subir archivos de tipo .pdf, .png o .jpg menores a 15 MB',
      );
      expect(await countOrders()).toBe(orders);
      await expectNothingStored();
    });

    it('a valid PDF next to an executable: the whole order is refused', async () => {
      const orders = await countOrders();
      const res = await upload([leadPart(lead()), file(PDF), file(ELF, 'segunda.pdf')]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ err: 'invalid-file', msg: FILE_ERROR_MESSAGE });
      expect(await countOrders()).toBe(orders);
      await expectNothingStored();
    });

    it.each([
      [
        'its open action and script in a compressed object stream whose rows are predicted (PNG Up)',
        pdfWithObjectStream({ predictor: true }),
      ],
      [
        'its names #-escaped: /Obj#53tm, /J#61vaScript, /#4aS',
        pdfWithObjectStream({ type: '/Type/Obj#53tm', openAction: '<</S/J#61vaScript/#4aS(app.alert(1))>>' }),
      ],
      [
        "1,100 spaces between the object stream's dictionary and its data",
        pdfWithObjectStream({ beforeStream: ' '.repeat(1100) }),
      ],
      ['an object stream without /Type', pdfWithObjectStream({ type: '' })],
      ["a link's script in an object inside another object's stream data", pdfWithObjectInsideStream()],
      [
        'a page that submits a form when it opens (/AA, /SubmitForm)',
        pdfWithObjectStream({
          openAction: '[3 0 R/Fit]',
          pageEntries: '/AA<</O<</S/SubmitForm/F(https://example.com/)>>>>',
        }),
      ],
      [
        'an open action that opens a web address',
        pdfWithObjectStream({ openAction: '<</S/URI/URI(https://example.com/)>>' }),
      ],
    ])('a PDF with %s: 400 with the file error', async (_name, data) => {
      const orders = await countOrders();
      const res = await upload([leadPart(lead()), file(data)]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ err: 'invalid-file', msg: FILE_ERROR_MESSAGE });
      expect(await countOrders()).toBe(orders);
      await expectNothingStored();
    });

    it('a PDF of 261 KB whose object stream inflates to 256 MiB: 400 within seconds, read off the event loop, the server answering on', async () => {
      const data = pdfBomb();
      expect(data.length).toBeLessThan(270_000);
      const orders = await countOrders();
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const started = Date.now();
      const res = await upload([leadPart(lead()), file(data)]);
      const took = Date.now() - started;
      delay.disable();
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ err: 'invalid-file', msg: FILE_ERROR_MESSAGE });
      expect(took).toBeLessThan(15_000);
      // Read on the main thread, its inflation alone held the event loop for seconds.
      expect(delay.max / 1e6).toBeLessThan(500);
      expect(await countOrders()).toBe(orders);
      await expectNothingStored();
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      // And PDFs are read after it as before.
      expect((await upload([leadPart(lead()), file(PDF)])).statusCode).toBe(200);
    });

    it('a file of 15,000,001 bytes: 413 with the file error, nothing stored', async () => {
      const orders = await countOrders();
      const data = Buffer.concat([PDF, Buffer.alloc(15_000_001 - PDF.length, 0x20)]);
      const res = await upload([leadPart(lead()), file(data)]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ err: 'invalid-file', msg: FILE_ERROR_MESSAGE });
      expect(await countOrders()).toBe(orders);
      await expectNothingStored();
    });

    it('a 60 MB upload is cut off near the limit, not read to its end', async () => {
      const body = multipart([leadPart(lead()), file(PDF)]);
      // The same form with a 60 MB file, produced lazily so what the server pulls can be counted.
      const [head, tail] = [
        body.payload.subarray(0, body.payload.indexOf(PDF)),
        body.payload.subarray(body.payload.indexOf(PDF) + PDF.length),
      ];
      let pulled = 0;
      async function* produce() {
        yield head;
        yield PDF;
        for (let i = 0; i < 60; i++) {
          pulled += 1_000_000;
          yield Buffer.alloc(1_000_000, 0x20);
        }
        yield tail;
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orden-medica/create-ticket/?client_id=demo',
        payload: Readable.from(produce()),
        headers: body.headers,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ err: 'invalid-file', msg: FILE_ERROR_MESSAGE });
      expect(pulled).toBeLessThan(20_000_000);
      await expectNothingStored();
    });

    it('no files: 400', async () => {
      const res = await upload([leadPart(lead()), { name: 'path', value: '/demo' }]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ err: 'no-files', msg: 'Debes subir al menos una orden médica.' });
      await expectNothingStored();
    });

    it.each([
      [
        'no address fields at all',
        (() => {
          const { address_line_1: _a, target_address: _b, target_lat: _c, target_lng: _d, ...rest } = lead();
          return rest;
        })(),
      ],
      ['null coordinates', lead({ target_lat: null, target_lng: null })],
      ['empty address text', lead({ address_line_1: '', target_address: '  ' })],
    ])('a lead with %s: 400 No se ha seleccionado una dirección', async (_name, value) => {
      const res = await upload([leadPart(value), file(PDF)]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ err: 'no-address', msg: 'No se ha seleccionado una dirección' });
      await expectNothingStored();
    });

    it.each([
      [
        'Avenida Grecia 1000, Antofagasta (a region closed to the marketplace)',
        lead({
          ...ANTOFAGASTA,
          address_line_1: 'Avenida Grecia 1000',
          target_address: 'Avenida Grecia 1000, Antofagasta, Región de Antofagasta, Chile',
          comuna: 'Antofagasta',
          region: 'Región de Antofagasta',
          street: 'Avenida Grecia',
          number: '1000',
          target_street_number: '1000',
        }),
      ],
      // The point decides, not the region's text.
      ['Antofagasta coordinates with a Santiago region', lead(ANTOFAGASTA)],
    ])('%s: 400 no-nurses-for-given-location', async (_name, value) => {
      const res = await upload([leadPart(value), file(PDF)]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        err: 'no-nurses-for-given-location',
        msg: 'No hay enfermeras disponibles para la dirección dada',
      });
      await expectNothingStored();
    });

    it.each([
      ['malformed JSON', '{"name": "Ana",', 'lead: no es un JSON válido.'],
      ['a JSON array', '[1,2]', 'lead: debe ser un objeto JSON.'],
      ['an invalid phone', lead({ phone: '123' }), 'lead.phone: el número no tiene el formato correcto'],
      ['an invalid e-mail', lead({ email: 'ana@' }), 'lead.email: el email no tiene el formato correcto'],
      [
        'a wrong section_origin',
        lead({ section_origin: 'web' }),
        expect.stringMatching(/^lead\.section_origin: /),
      ],
      ['a missing name', lead({ name: undefined }), expect.stringMatching(/^lead\.name: /)],
      [
        'markup in the name',
        lead({ name: '<script>alert(1)</script>' }),
        'lead.name: contiene caracteres no permitidos.',
      ],
      ['a latitude as text', lead({ target_lat: '-33.41' }), expect.stringMatching(/^lead\.target_lat: /)],
    ])('a lead with %s: 400 naming the field', async (_name, value, msg) => {
      const res = await upload([leadPart(value), file(PDF)]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ err: 'invalid-lead', msg });
      await expectNothingStored();
    });

    it('no lead: 400', async () => {
      const res = await upload([file(PDF)]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ err: 'invalid-lead', msg: 'lead: es obligatorio.' });
      await expectNothingStored();
    });

    it('a lead over 20,000 bytes: 400', async () => {
      const res = await upload([leadPart(lead({ special_needs: 'x'.repeat(30_000) })), file(PDF)]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ err: 'invalid-lead', msg: 'lead: es demasiado largo.' });
    });

    it.each([
      ['a sales_source that does not exist', lead({ sales_source: 'no-existe' }), 'invalid-sales-source'],
      ["another client's sales_source", lead({ sales_source: 'clinicaalemana' }), 'invalid-sales-source'],
      [
        'a country other than the client’s',
        lead({ country: 'mx', phone: '+525512345678' }),
        'invalid-country',
      ],
    ])('%s: 400', async (_name, value, err) => {
      const res = await upload([leadPart(value), file(PDF)]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ err, msg: expect.any(String) });
      await expectNothingStored();
    });

    it.each([
      ['no client', '/api/orden-medica/create-ticket/', {}],
      ['an unknown client', '/api/orden-medica/create-ticket/?client_id=no-existe', {}],
      [
        'a query and header that disagree',
        '/api/orden-medica/create-ticket/?client_id=demo',
        { 'x-client-id': 'clinicaalemana' },
      ],
    ])('%s: 400 client-not-found', async (_name, url, headers) => {
      const res = await upload([leadPart(lead()), file(PDF)], url, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        err: 'client-not-found',
        msg: 'El identificador de cliente no es válido.',
      });
    });

    it('more than 10 files: 400', async () => {
      const res = await upload([leadPart(lead()), ...Array.from({ length: 11 }, () => file(PDF))]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        err: 'too-many-files',
        msg: 'Puedes subir hasta 10 archivos por orden médica.',
      });
      await expectNothingStored();
    });

    it('a file under another field name: 400', async () => {
      const res = await upload([leadPart(lead()), { ...file(PDF), name: 'lead' }]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ err: 'unexpected-file' });
      await expectNothingStored();
    });

    it('a JSON body instead of multipart: 400', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orden-medica/create-ticket/?client_id=demo',
        payload: { lead: lead() },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        err: 'not-multipart',
        msg: 'La orden médica se envía como multipart/form-data.',
      });
    });

    it('a truncated multipart body: 400, never 500', async () => {
      const body = multipart([leadPart(lead()), file(PDF)]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orden-medica/create-ticket/?client_id=demo',
        payload: body.payload.subarray(0, body.payload.length - 40),
        headers: body.headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ err: expect.any(String), msg: expect.any(String) });
      await expectNothingStored();
    });
  });

  describe('path traversal in file names', () => {
    it.each([
      '../../../../etc/passwd.pdf',
      '..\\..\\..\\windows\\evil.pdf',
      '/etc/cron.d/evil.pdf',
      '....//....//evil.pdf',
      '%2e%2e%2fevil.pdf',
    ])('%s is stored under a random name inside DATA_DIR/uploads', async (filename) => {
      const everything = async () => listFiles(dataDir);
      const res = await upload([leadPart(lead()), file(PDF, filename)]);
      expect(res.statusCode).toBe(200);
      const { groupedOrdenMedicaId } = res.json<{ groupedOrdenMedicaId: string }>();
      const [order] = await t.app.db
        .select()
        .from(medicalOrders)
        .where(eq(medicalOrders.groupedOrdenMedicaId, groupedOrdenMedicaId));
      const [row] = await t.app.db
        .select()
        .from(medicalOrderFiles)
        .where(eq(medicalOrderFiles.medicalOrderId, order?.id ?? ''));
      const stored = resolve(dataDir, 'uploads', row?.storageKey ?? '');
      expect(relative(join(dataDir, 'uploads'), stored)).toMatch(
        /^medical-orders\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.pdf$/,
      );
      expect(await readFile(stored)).toEqual(PDF);
      // Nothing outside the uploads folder, and the name kept for display only, without folders.
      expect((await everything()).every((path) => path.startsWith(join(dataDir, 'uploads') + '/'))).toBe(
        true,
      );
      expect(row?.originalName ?? '').not.toMatch(/[/\\]/);
    });
  });

  describe('GET /api/orden-medica/ (staff)', () => {
    const staffUpload = async (name: string) => {
      const res = await upload(
        [
          leadPart(lead({ sales_source: 'demo-laas', name })),
          { name: 'path', value: '/demo-laas' },
          file(PDF, 'orden.pdf'),
        ],
        '/api/orden-medica/create-ticket/?client_id=demo-laas',
      );
      expect(res.statusCode).toBe(200);
      return res.json<{ groupedOrdenMedicaId: string }>().groupedOrdenMedicaId;
    };
    const list = (query = '', token: string | null = DEMO_LAAS_TOKEN) =>
      t.app.inject({
        method: 'GET',
        url: `/api/orden-medica/${query}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });

    it("lists the token's client orders, newest first, paginated, without file contents", async () => {
      const first = await staffUpload('Primera Persona');
      const second = await staffUpload('Segunda Persona');
      const res = await list();
      expect(res.statusCode).toBe(200);
      const body = res.json<{
        count: number;
        page: number;
        page_size: number;
        results: Array<Record<string, unknown>>;
      }>();
      expect(body).toMatchObject({ count: 2, page: 1, page_size: 20 });
      expect(body.results.map((order) => order.grouped_orden_medica_id)).toEqual([second, first]);
      expect(body.results[0]).toMatchObject({
        status: 'new',
        client_id: 'demo-laas',
        sales_source: 'demo-laas',
        country: 'cl',
        path: '/demo-laas',
        lead: { name: 'Segunda Persona', section_origin: 'medical-order-sdk' },
        files: [
          {
            content_type: 'application/pdf',
            size: PDF.length,
            original_name: 'orden.pdf',
            id: expect.any(String),
            created_at: expect.any(String),
          },
        ],
      });
      expect(Object.keys((body.results[0]?.files as object[])[0] ?? {}).sort()).toEqual([
        'content_type',
        'created_at',
        'id',
        'original_name',
        'size',
      ]);

      const page2 = (await list('?page=2&page_size=1')).json<typeof body>();
      expect(page2).toMatchObject({ count: 2, page: 2, page_size: 1 });
      expect(page2.results.map((order) => order.grouped_orden_medica_id)).toEqual([first]);
      // Orders of other clients (the 'demo' uploads above) are not listed.
      expect(body.results.every((order) => order.client_id === 'demo-laas')).toBe(true);
    });

    it.each([
      ['no token', null, 'not-authenticated'],
      ['an unknown token', 'no-es-un-token', 'invalid-token'],
    ])('%s: 401', async (_name, token, err) => {
      const res = await list('', token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ err });
    });

    it('a bad page size: 400', async () => {
      const res = await list('?page_size=1000');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ err: 'invalid-request', msg: expect.stringContaining('page_size') });
    });
  });
});

describe('OpenAPI document', () => {
  it('describes the multipart form and both answers', async () => {
    const engine = TEST_ENGINES[0];
    if (!engine) throw new Error('no engine');
    const t = await createTestApp(engine, { seed: false });
    try {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
        paths: Record<
          string,
          Record<
            string,
            {
              requestBody?: { content: Record<string, { schema: unknown }> };
              responses: Record<string, unknown>;
            }
          >
        >;
      }>();
      const post = doc.paths['/api/orden-medica/create-ticket/']?.post;
      expect(post?.requestBody?.content['multipart/form-data']?.schema).toMatchObject({
        properties: { lead: { type: 'string' }, orden: { type: 'array', items: { format: 'binary' } } },
      });
      expect(Object.keys(post?.responses ?? {}).sort()).toEqual(['200', '400', '413', '429']);
      expect(Object.keys(doc.paths['/api/orden-medica/']?.get?.responses ?? {}).sort()).toEqual([
        '200',
        '400',
        '401',
      ]);
    } finally {
      await t.close();
    }
  });
});

describe('upload rate per address', () => {
  it('answers 429 {err, msg} past ORDER_UPLOADS_PER_MINUTE, per address, counted on every instance', async () => {
    const engine = TEST_ENGINES[0];
    if (!engine) throw new Error('no engine');
    const dataDir = await mkdtemp(join(tmpdir(), 'visita-orders-rate-'));
    const env = { DATA_DIR: dataDir, ORDER_UPLOADS_PER_MINUTE: '2', TRUST_PROXY: '10.0.0.1' };
    const t = await createTestApp(engine, { env });
    // A second instance on the same database: the uploads are counted together.
    const second = await buildApp({
      config: loadConfig({ SEED: 'none', ...env }),
      database: await t.testDb.openAnother(),
    });
    try {
      const send = (app: FastifyInstance, ip: string) => {
        const body = multipart([leadPart(lead()), file(PDF)]);
        return app.inject({
          method: 'POST',
          url: '/api/orden-medica/create-ticket/?client_id=demo',
          payload: body.payload,
          headers: { ...body.headers, 'x-forwarded-for': ip },
          remoteAddress: '10.0.0.1',
        });
      };
      expect((await send(t.app, '203.0.113.7')).statusCode).toBe(200);
      expect((await send(second, '203.0.113.7')).statusCode).toBe(200);
      const third = await send(t.app, '203.0.113.7');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({
        err: 'too-many-requests',
        msg: 'Has enviado demasiadas órdenes médicas seguidas. Inténtalo de nuevo en un minuto.',
      });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect((await send(second, '198.51.100.9')).statusCode).toBe(200);
      // An IPv6 client is counted by its /64.
      expect((await send(second, '2001:db8:7::1')).statusCode).toBe(200);
      expect((await send(t.app, '2001:db8:7::2')).statusCode).toBe(200);
      expect((await send(second, '2001:db8:7:0:ffff::3')).statusCode).toBe(429);
    } finally {
      await second.close();
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
