import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createStorage } from './create-storage.ts';
import { createS3Storage } from './s3-storage.ts';

const s3 = mockClient(S3Client);
afterEach(() => s3.reset());

const options = {
  bucket: 'ordenes',
  endpoint: 'https://minio.example:9000',
  region: 'sa-east-1',
  accessKeyId: 'AKIATEST',
  secretAccessKey: 'secret',
  forcePathStyle: true,
};

describe('s3 storage (STORAGE=s3)', () => {
  it('sends PutObject with the bucket, the key, the content type and the length', async () => {
    s3.on(PutObjectCommand).resolves({});
    const storage = createS3Storage(options);
    const body = Readable.from([Buffer.from('%PDF-1.4')]);
    await storage.put({ key: 'medical-orders/g/f.pdf', contentType: 'application/pdf', size: 8, body });
    const calls = s3.commandCalls(PutObjectCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input).toEqual({
      Bucket: 'ordenes',
      Key: 'medical-orders/g/f.pdf',
      Body: body,
      ContentType: 'application/pdf',
      ContentLength: 8,
      ContentDisposition: 'attachment',
    });
  });

  it('is configured for an S3-compatible endpoint: path style, region, credentials', async () => {
    const storage = createS3Storage(options);
    expect(storage.client.config.forcePathStyle).toBe(true);
    expect(await storage.client.config.region()).toBe('sa-east-1');
    const endpoint = await storage.client.config.endpoint?.();
    expect(endpoint?.hostname).toBe('minio.example');
    expect(await storage.client.config.credentials()).toMatchObject({
      accessKeyId: 'AKIATEST',
      secretAccessKey: 'secret',
    });
  });

  it('removes with DeleteObject; refuses keys that are not ours before calling S3', async () => {
    s3.on(DeleteObjectCommand).resolves({});
    const storage = createS3Storage(options);
    await storage.remove('medical-orders/g/f.png');
    expect(s3.commandCalls(DeleteObjectCommand)[0]?.args[0].input).toEqual({
      Bucket: 'ordenes',
      Key: 'medical-orders/g/f.png',
    });
    await expect(
      storage.put({ key: '../f.pdf', contentType: 'application/pdf', size: 1, body: Readable.from(['x']) }),
    ).rejects.toThrow(/storage key/i);
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
  });

  it('an S3 failure reaches the caller', async () => {
    s3.on(PutObjectCommand).rejects(new Error('AccessDenied'));
    const storage = createS3Storage(options);
    await expect(
      storage.put({
        key: 'medical-orders/g/f.pdf',
        contentType: 'application/pdf',
        size: 1,
        body: Readable.from(['x']),
      }),
    ).rejects.toThrow('AccessDenied');
  });
});

describe('STORAGE configuration', () => {
  const s3Env = {
    STORAGE: 's3',
    S3_BUCKET: 'ordenes',
    S3_ENDPOINT: 'https://minio.example:9000',
    S3_ACCESS_KEY_ID: 'AKIATEST',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('fs by default, in DATA_DIR/uploads', async () => {
    const storage = await createStorage(loadConfig({ DATA_DIR: '/srv/visita' }));
    expect(storage.kind).toBe('fs');
    expect((storage as unknown as { root: string }).root).toBe('/srv/visita/uploads');
  });

  it('s3 with its settings; region us-east-1 and path style unless told', async () => {
    const config = loadConfig(s3Env);
    expect(config).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    expect((await createStorage(config)).kind).toBe('s3');
    expect(loadConfig({ ...s3Env, S3_FORCE_PATH_STYLE: 'false', S3_REGION: 'sa-east-1' })).toMatchObject({
      S3_REGION: 'sa-east-1',
      S3_FORCE_PATH_STYLE: false,
    });
  });

  it('names every missing or bad setting at start', () => {
    let problems: string[] = [];
    try {
      loadConfig({ STORAGE: 's3', S3_ENDPOINT: 'ftp://x', S3_FORCE_PATH_STYLE: 'quizás' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^S3_ENDPOINT="ftp:\/\/x": /),
        'S3_FORCE_PATH_STYLE="quizás": debe ser true o false',
        'S3_BUCKET: es obligatoria con STORAGE=s3',
        'S3_ACCESS_KEY_ID: es obligatoria con STORAGE=s3',
        'S3_SECRET_ACCESS_KEY: es obligatoria con STORAGE=s3',
      ]),
    );
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE="ftp": debe ser fs o s3/);
  });
});
