import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { assertValidStorageKey, type FileStorage, type PutObject } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (endpoint/bucket/key), which S3-compatible servers need. */
  forcePathStyle: boolean;
}

/** Files in an S3 bucket (AWS or any S3-compatible server), through the AWS SDK v3. */
export function createS3Storage(options: S3StorageOptions): FileStorage & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  return {
    kind: 's3',
    client,
    async put({ key, contentType, size, body }: PutObject) {
      assertValidStorageKey(key);
      // A stream needs its length up front: S3 refuses a PUT of unknown size without chunked upload.
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: size,
          // Whoever later serves the object (a signed URL, a CDN) hands it over as a download,
          // never as a page the browser renders.
          ContentDisposition: 'attachment',
        }),
      );
    },
    async read(key: string) {
      assertValidStorageKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        return answer.Body instanceof Readable ? answer.Body : null;
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async remove(key: string) {
      assertValidStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
  };
}
