import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import S3rver from 's3rver'

// A real S3-compatible server on loopback (s3rver, which keeps its objects in a folder), with
// one bucket, and a client of its own to look into it as any S3 tool would.

/** s3rver's one account. */
export const S3_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export async function startS3Server(bucket: string) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'allotment-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({
    endpoint,
    region: 'eu-west-2',
    forcePathStyle: true,
    credentials: S3_KEYS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  return {
    bucket,
    /** The app's settings for this store. */
    env: {
      BACKUP_S3_BUCKET: bucket,
      BACKUP_S3_ENDPOINT: endpoint,
      BACKUP_S3_REGION: 'eu-west-2',
      BACKUP_S3_PATH_STYLE: 'true',
      BACKUP_S3_ACCESS_KEY_ID: S3_KEYS.accessKeyId,
      BACKUP_S3_SECRET_ACCESS_KEY: S3_KEYS.secretAccessKey,
    },
    /** Every key in the bucket, sorted. */
    async keys(): Promise<string[]> {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }))
      return (listed.Contents ?? []).map((item) => item.Key!).sort()
    },
    async get(key: string): Promise<Buffer> {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
      return Buffer.from(await object.Body!.transformToByteArray())
    },
    async put(key: string, body: Buffer | string) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }))
    },
    async close() {
      client.destroy()
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
