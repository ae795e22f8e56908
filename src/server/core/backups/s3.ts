import fs from 'node:fs'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import type { BackupSettings } from '#server/core/config'
import { writeDurably } from '#server/core/db/sqlite-files'

// An S3-compatible store (AWS, Backblaze B2, Cloudflare R2, MinIO, Scaleway, Wasabi...), reached
// with the AWS SDK's S3 client, which every such store speaks.

export interface StoredObject {
  key: string
  size: number
}

export type S3Store = Awaited<ReturnType<typeof s3Store>>

/**
 * `warn`: where the SDK's own warnings go (the server's log) rather than the console. Its info
 * lines, a line for every request with its input, are left out. The SDK is loaded here, when a
 * bucket is used, not with the server: it is some 22 MB and 50 ms on every start of an
 * installation that keeps its backups in a folder only.
 */
export async function s3Store(
  { endpoint, region, pathStyle, credentials }: BackupSettings['store'],
  warn?: (message: string) => void,
) {
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
  } = await import('@aws-sdk/client-s3')
  const quiet = () => undefined
  const client = new S3Client({
    ...(warn ? { logger: { debug: quiet, info: quiet, warn, error: warn } } : {}),
    region,
    forcePathStyle: pathStyle,
    ...(endpoint ? { endpoint } : {}),
    ...(credentials ? { credentials } : {}),
    // The SDK's default checksums send a streamed upload in aws-chunked encoding with a trailer,
    // which stores that do not know it keep as part of the object (s3rver stored 53 bytes too
    // many): only where an operation requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that stops answering must not hold the night's job past its lease.
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
    maxAttempts: 3,
  })
  return {
    async upload(bucket: string, key: string, file: string) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: fs.createReadStream(file),
          ContentLength: fs.statSync(file).size,
          ContentType: 'application/octet-stream',
        }),
      )
    },
    /** Every object whose key starts with `prefix`. */
    async list(bucket: string, prefix: string): Promise<StoredObject[]> {
      const found: StoredObject[] = []
      let token: string | undefined
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        )
        for (const item of page.Contents ?? [])
          if (item.Key) found.push({ key: item.Key, size: item.Size ?? 0 })
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
      return found
    },
    async remove(bucket: string, key: string) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
    },
    /** The object into `destination`, renamed into place once whole. */
    async download(bucket: string, key: string, destination: string) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
      await writeDurably(destination, (partial) =>
        pipeline(object.Body as Readable, fs.createWriteStream(partial)),
      )
    },
    close: () => client.destroy(),
  }
}
