import { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import type { Config } from '../../config.ts'
import { typeOfExtension } from '../../lib/stored-file-types.ts'
import type { FileStorage } from '../../ports.ts'
import { checkStorageKey, isStorageKey, newStorageKey } from './storage-keys.ts'

export type S3Options = NonNullable<Config['s3']>

export interface S3Storage extends FileStorage {
  /** Throws, naming the bucket, when it cannot be reached with these settings. */
  check(): Promise<void>
  close(): void
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey')

/**
 * The file-storage port on an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), so that every API process
 * reads the files any of them wrote. Objects are written private (no ACL is ever sent) under the same keys as on
 * disk; they reach a browser only through the app's authenticated routes (docs/decisions/015).
 */
export function createS3Storage(options: S3Options): S3Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Since 3.729 the SDK adds CRC32 checksums to every upload by default, which some S3-compatible stores refused
    // (R2 at the time) or stored with the chunk framing (s3rver); only operations that require one get one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer must fail the request that needed it, not hold it for minutes.
    requestHandler: { connectionTimeout: 3000, requestTimeout: 30_000 },
  })
  const Bucket = options.bucket
  return {
    async put(data, extension) {
      const key = newStorageKey(extension)
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: data,
          ContentLength: data.length,
          ContentType: typeOfExtension(extension.toLowerCase()),
        }),
      )
      return key
    },
    async get(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkStorageKey(key) }))
      if (!answer.Body) throw new Error(`empty answer for ${key}`)
      return Buffer.from(await answer.Body.transformToByteArray())
    },
    async stream(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkStorageKey(key) }))
      if (!(answer.Body instanceof Readable)) throw new Error(`no stream in the answer for ${key}`)
      return answer.Body
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checkStorageKey(key) }))
        return true
      } catch (error) {
        // Anything but "not there" (credentials, the store down) must not read as a missing file.
        if (isNotFound(error)) return false
        throw error
      }
    },
    async remove(key) {
      // S3 answers 204 for a key that is not there, which is what the port promises.
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkStorageKey(key) }))
    },
    async *list() {
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }))
        for (const object of page.Contents ?? []) {
          // Objects put() did not write (a shared bucket) are not ours to judge.
          if (object.Key && object.LastModified && isStorageKey(object.Key)) yield { key: object.Key, storedAt: object.LastModified }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }))
      } catch (error) {
        const status = error instanceof S3ServiceException ? ` (HTTP ${error.$metadata.httpStatusCode})` : ''
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
        throw new Error(
          `S3 bucket ${Bucket} cannot be used at ${options.endpoint ?? `AWS ${options.region}`}${status}: ${reason}. Check S3_BUCKET, S3_ENDPOINT, S3_REGION and the credentials.`,
        )
      }
    },
    close: () => client.destroy(),
  }
}
