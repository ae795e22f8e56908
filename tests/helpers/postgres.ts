import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** Runs work on a fresh client connected to the PostgreSQL database at url, then disconnects. */
export async function withPg<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

export interface ScratchDatabase {
  name: string
  url: string
  drop(): Promise<void>
}

/**
 * A new, empty database on the server of `adminUrl`, for work that needs a whole database of its
 * own (several server processes, the crash test, the benchmarks); `drop` removes it even while
 * connections remain.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`
  await withPg(adminUrl, (client) => client.query(`create database ${name}`))
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    drop: async () =>
      void (await withPg(adminUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      )),
  }
}
