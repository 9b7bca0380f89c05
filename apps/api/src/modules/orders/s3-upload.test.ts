import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { medicalOrderFiles, medicalOrders } from '../../db/schema.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { ELF, multipart, orderLead, PDF, PNG } from './test-files.ts';

/** S3 is outside the machine: the SDK's client is mocked, our code runs for real. */
const s3 = mockClient(S3Client);

const lead = orderLead({
  target_apartment_number: null,
  target_residence_type: 'house',
  insurance: null,
});

describe.each(TEST_ENGINES)('medical-order upload to S3 on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: {
        STORAGE: 's3',
        S3_BUCKET: 'ordenes',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'AKIATEST',
        S3_SECRET_ACCESS_KEY: 'secret',
      },
    });
  });
  afterAll(() => t?.close());
  afterEach(() => s3.reset());

  const upload = (files: Array<{ data: Buffer; filename: string; contentType: string }>) => {
    const body = multipart([
      { name: 'lead', value: JSON.stringify(lead) },
      ...files.map((file) => ({ name: 'orden', ...file })),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/orden-medica/create-ticket/?client_id=demo',
      payload: body.payload,
      headers: body.headers,
    });
  };

  it('puts each file in the bucket under a random key with the type its content shows', async () => {
    s3.on(PutObjectCommand).resolves({});
    const res = await upload([
      { data: PDF, filename: 'orden.pdf', contentType: 'application/pdf' },
      // Declared as a PDF, but its bytes are a PNG: stored as image/png.
      { data: PNG, filename: 'foto.pdf', contentType: 'application/pdf' },
    ]);
    expect(res.statusCode).toBe(200);
    const { groupedOrdenMedicaId } = res.json<{ groupedOrdenMedicaId: string }>();
    const inputs = s3.commandCalls(PutObjectCommand).map((call) => call.args[0].input);
    expect(inputs).toHaveLength(2);
    const recorded = await t.app.db.select().from(medicalOrderFiles);
    const sizeOf = (key: string | undefined) => recorded.find((row) => row.storageKey === key)?.size;
    expect(
      inputs.map(({ Bucket, ContentType, ContentLength }) => ({ Bucket, ContentType, ContentLength })),
    ).toEqual([
      { Bucket: 'ordenes', ContentType: 'application/pdf', ContentLength: PDF.length },
      // An image is encoded again: the bucket gets those bytes, at the size the order records.
      { Bucket: 'ordenes', ContentType: 'image/png', ContentLength: sizeOf(inputs[1]?.Key) },
    ]);
    // Never served inline: whatever hands the object out sends it as a download.
    expect(inputs.map((input) => input.ContentDisposition)).toEqual(['attachment', 'attachment']);
    expect(inputs[0]?.Key).toMatch(
      new RegExp(`^medical-orders/${groupedOrdenMedicaId}/[0-9a-f-]{36}\\.pdf$`),
    );
    expect(inputs[1]?.Key).toMatch(
      new RegExp(`^medical-orders/${groupedOrdenMedicaId}/[0-9a-f-]{36}\\.png$`),
    );
  });

  it('a refused file never reaches S3', async () => {
    const res = await upload([{ data: ELF, filename: 'orden.pdf', contentType: 'application/pdf' }]);
    expect(res.statusCode).toBe(400);
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
  });

  it('S3 failing halfway: 500 without details, what was stored is removed, no order recorded', async () => {
    const orders = (await t.app.db.select().from(medicalOrders)).length;
    s3.on(PutObjectCommand).resolvesOnce({}).rejects(new Error('SlowDown'));
    s3.on(DeleteObjectCommand).resolves({});
    const res = await upload([
      { data: PDF, filename: 'a.pdf', contentType: 'application/pdf' },
      { data: PDF, filename: 'b.pdf', contentType: 'application/pdf' },
    ]);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ err: 'internal-error', msg: 'Ha ocurrido un error inesperado' });
    const firstKey = s3.commandCalls(PutObjectCommand)[0]?.args[0].input.Key;
    expect(s3.commandCalls(DeleteObjectCommand).map((call) => call.args[0].input.Key)).toEqual([firstKey]);
    expect((await t.app.db.select().from(medicalOrders)).length).toBe(orders);
  });
});
