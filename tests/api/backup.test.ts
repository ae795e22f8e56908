import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app'
import { loadConfig } from '#server/core/config'
import { writeTransaction } from '#server/core/db/write-transaction'
import { countAll, exportAll, importAll, type PortableExport } from '#server/core/db/portable'
import { openSqliteFile } from '#server/core/db/sqlite-files'
import type { Db } from '#server/core/db/database'
import { createTestApp, engines, type Engine, type TestApp } from '#tests/helpers/test-app'
import { UNLIMITED } from '#tests/helpers/server-process'
import { runScript, SCRIPTS_TIMEOUT } from '#tests/helpers/scripts'
import { fillAssociation } from './backup-fixture.ts'

// Each probe write adds a log entry and moves a counter in the same transaction: a consistent
// copy holds exactly the first k entries and a counter of k.
function probeWrite(db: Db, i: number) {
  return writeTransaction(db, async (tx) => {
    await tx
      .insertInto('logs')
      .values({
        timeStamp: new Date().toISOString(),
        userName: 'backup-test',
        methodName: 'backupProbe',
        eventCollection: 'test',
        docId: String(i),
        value: JSON.stringify({ i }),
        error: 'null',
      })
      .execute()
    await tx
      .insertInto('app_settings')
      .values({ key: 'probe-count', value: String(i + 1) })
      .onConflict((c) => c.column('key').doUpdateSet({ value: String(i + 1) }))
      .execute()
  })
}
// No AUTH_SECRET: the app keeps its own in app_settings, as an install without one does, so the
// move must carry it for sessions to survive.
const ownSecret = { env: { AUTH_SECRET: undefined } as unknown as Record<string, string> }
const everyTable = [
  ...['user', 'session', 'account', 'verification', 'rateLimit', 'app_settings'],
  ...['people', 'plots', 'tenancy', 'logs', 'files', 'land_documents', 'enquiries', 'news'],
]
const pairs: [Engine, Engine][] = engines.includes('postgres')
  ? [
      ['sqlite', 'postgres'],
      ['postgres', 'sqlite'],
    ]
  : [['sqlite', 'sqlite']]

describe.each(pairs)('moving an association from %s to %s', (from, to) => {
  let source: TestApp
  let target: TestApp
  let files: Buffer[]
  let cookie: string
  let first: PortableExport

  beforeAll(async () => {
    source = await createTestApp(from, ownSecret)
    target = await createTestApp(to)
    ;({ files } = await fillAssociation(source))
    cookie = await source.signInAs(3, 'mover')
    first = await exportAll(source.db)
    // Through JSON text, as the file carries it.
    await importAll(target.db, JSON.parse(JSON.stringify(first)))
  })
  afterAll(async () => {
    await source?.close()
    await target?.close()
  })

  it('gives back every row of every table', async () => {
    const second = await exportAll(target.db)
    expect(Object.keys(second.tables)).toEqual(Object.keys(first.tables))
    let compared = 0
    for (const [table, rows] of Object.entries(first.tables)) {
      expect(rows.length, `${table} needs rows in tests/api/backup-fixture.ts`).toBeGreaterThan(0)
      expect(second.tables[table], table).toEqual(rows)
      compared += rows.length
    }
    console.log(
      `${from} → ${to}: ${compared} rows compared in ${Object.keys(first.tables).length} tables`,
    )
    // Ours and better-auth's: none may be left behind.
    expect(Object.keys(first.tables)).toEqual(expect.arrayContaining(everyTable))
  })

  it('keeps file bytes exact', async () => {
    const rows = await target.db.kysely.selectFrom('files').select('data').orderBy('id').execute()
    expect(rows).toHaveLength(files.length)
    rows.forEach((row, i) =>
      expect(Buffer.from(row.data).equals(files[i]!), `file ${i}`).toBe(true),
    )
  })

  it('moves id sequences past the imported rows', async () => {
    const highest = Math.max(...first.tables.logs!.map((row) => row.id as number))
    const row = await target.db.kysely
      .insertInto('logs')
      .values({
        timeStamp: new Date().toISOString(),
        userName: 'x',
        methodName: 'x',
        eventCollection: 'x',
        docId: 'x',
        value: 'null',
        error: 'null',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(row.id).toBeGreaterThan(highest)
  })

  it('keeps sessions valid, because the auth secret moves in app_settings', async () => {
    const me = { method: 'GET' as const, url: '/api/me', headers: { cookie } }
    expect((await source.app.inject(me)).statusCode).toBe(200)
    // The target test app signs with another secret, so the cookie means nothing to it...
    expect((await target.app.inject(me)).statusCode).toBe(401)
    // ...while an app started on the moved database without AUTH_SECRET takes the moved one.
    const moved = await appOn(target, to)
    try {
      const response = await moved.inject(me)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toMatchObject({ userName: 'mover', level: 3 })
    } finally {
      await moved.close()
    }
  })

  it('refuses to import into a database that holds data, and changes nothing', async () => {
    const before = await countAll(target.db)
    await expect(importAll(target.db, first)).rejects.toThrow(
      /^The database already holds data \(user: \d+ rows,.*\)\. Import only into an empty database, or use --replace/,
    )
    expect(await countAll(target.db)).toEqual(before)
  })

  it('replaces everything in one transaction with replace', async () => {
    await importAll(target.db, first, { replace: true })
    const again = await exportAll(target.db)
    expect(again.tables).toEqual(first.tables)
  })
})

describe('SQLite online backup and restore', () => {
  let t: TestApp
  let backupDir: string
  let backupFile: string
  let writes = 0
  let inBackup = 0

  beforeAll(async () => {
    t = await createTestApp('sqlite')
    await fillAssociation(t)
    backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'allotment-backup-'))
    backupFile = path.join(backupDir, 'association.sqlite')
  })
  afterAll(async () => {
    await t?.close()
    fs.rmSync(backupDir, { recursive: true, force: true })
  })

  it(
    'takes a consistent backup while writes go on',
    async () => {
      // The backup runs as its own process, as `npm run backup` does beside a running server.
      const backup = runScript('backup', [backupFile], { DATA_DIR: t.dataDir })
      let finished = false
      void backup.then(() => (finished = true))
      let after = 0
      while ((writes < 200 || after < 20) && writes < 20_000) {
        await probeWrite(t.db, writes++)
        if (finished) after++
        await new Promise((resolve) => setImmediate(resolve))
      }
      const { code, output } = await backup
      expect(code, output).toBe(0)
      expect(output).toMatch(/Backed up .*allotment\.sqlite:\n {2}file: .*association\.sqlite \(/)

      const copy = openSqliteFile(backupFile, { readonly: true })
      try {
        const probes = await copy.kysely
          .selectFrom('logs')
          .select('docId')
          .where('methodName', '=', 'backupProbe')
          .orderBy('id')
          .execute()
        inBackup = probes.length
        expect(probes.map((row) => row.docId)).toEqual(
          Array.from({ length: inBackup }, (_, i) => String(i)),
        )
        const counter = await copy.kysely
          .selectFrom('app_settings')
          .select('value')
          .where('key', '=', 'probe-count')
          .executeTakeFirst()
        expect(Number(counter?.value ?? 0)).toBe(inBackup)
        expect(await sql`pragma integrity_check`.execute(copy.kysely)).toMatchObject({
          rows: [{ integrity_check: 'ok' }],
        })
        expect((await sql`pragma foreign_key_check`.execute(copy.kysely)).rows).toEqual([])
      } finally {
        await copy.destroy()
      }
      console.log(`backup taken during writes: ${inBackup} of ${writes} writes in it`)
      // Taken mid-stream: some writes before it, and some after it that it must not hold.
      expect(inBackup).toBeGreaterThan(0)
      expect(inBackup).toBeLessThan(writes)
    },
    SCRIPTS_TIMEOUT,
  )

  it(
    'restores exactly the rows of the backup, keeping the replaced database',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'allotment-restore-'))
      try {
        const expected = await tablesOf(openSqliteFile(backupFile, { readonly: true }))
        const first = await runScript('restore', [backupFile], { DATA_DIR: dataDir })
        expect(first.code, first.output).toBe(0)
        const live = path.join(dataDir, 'allotment.sqlite')
        expect(await tablesOf(openSqliteFile(live))).toEqual(expected)

        // Change the restored database, then restore over it: the backup's rows come back.
        const changed = openSqliteFile(live)
        await changed.kysely.deleteFrom('tenancy').execute()
        await changed.destroy()
        const second = await runScript('restore', [backupFile], { DATA_DIR: dataDir })
        expect(second.code, second.output).toBe(0)
        expect(second.output).toMatch(/The database it replaced is kept as .*before-restore-/)
        expect(await tablesOf(openSqliteFile(live))).toEqual(expected)
        expect(
          fs.readdirSync(dataDir).filter((name) => name.includes('before-restore')),
        ).toHaveLength(1)
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true })
      }
    },
    SCRIPTS_TIMEOUT,
  )

  it(
    'refuses to restore over a database the server has open',
    async () => {
      const before = await countAll(t.db)
      const result = await runScript('restore', [backupFile], { DATA_DIR: t.dataDir })
      expect(result.code).toBe(1)
      expect(result.output).toContain('is in use. Stop the server')
      expect(await countAll(t.db)).toEqual(before)
    },
    SCRIPTS_TIMEOUT,
  )

  it(
    'exports and imports through the scripts, refusing a second import without --replace',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'allotment-import-'))
      const json = path.join(backupDir, 'association.json')
      try {
        const exported = await runScript('export', [json], { DATA_DIR: t.dataDir })
        expect(exported.code, exported.output).toBe(0)
        const env = { DATA_DIR: dataDir }
        const imported = await runScript('import', [json], env)
        expect(imported.code, imported.output).toBe(0)
        const refused = await runScript('import', [json], env)
        expect(refused.code).toBe(1)
        expect(refused.output).toMatch(/already holds data \(user: \d+ rows/)
        const replaced = await runScript('import', [json, '--replace'], env)
        expect(replaced.code, replaced.output).toBe(0)
        const data = JSON.parse(fs.readFileSync(json, 'utf8')) as PortableExport
        expect(await tablesOf(openSqliteFile(path.join(dataDir, 'allotment.sqlite')))).toEqual(
          data.tables,
        )
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true })
      }
    },
    SCRIPTS_TIMEOUT,
  )
})

describe.runIf(engines.includes('postgres'))('PostgreSQL backup while writes go on', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('postgres')
  })
  afterAll(() => t?.close())

  it('exports one consistent snapshot', async () => {
    let stop = false
    let writes = 0
    const writer = (async () => {
      while (!stop || writes < 100) {
        const i = writes++
        await probeWrite(t.db, i)
      }
    })()
    while (writes < 30) await new Promise((resolve) => setTimeout(resolve, 5))
    const snapshot = await exportAll(t.db)
    stop = true
    await writer
    const logs = snapshot.tables.logs!
    const counter = snapshot.tables.app_settings!.find((row) => row.key === 'probe-count')
    expect(logs.map((row) => row.docId)).toEqual(logs.map((_, i) => String(i)))
    expect(Number(counter?.value)).toBe(logs.length)
    expect(logs.length).toBeLessThan(writes)
  })
})

/** Every table of a database in the export's neutral form; closes the database. */
async function tablesOf(db: Db) {
  try {
    return (await exportAll(db)).tables
  } finally {
    await db.destroy()
  }
}

/** An app on another app's database, started without AUTH_SECRET. */
async function appOn(t: TestApp, engine: Engine) {
  const schema =
    engine === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db.kysely))
          .rows[0]!.schema
      : undefined
  const config = loadConfig({
    DATA_DIR: t.dataDir,
    LOG_LEVEL: 'silent',
    EMAIL_RETRY_SECONDS: '3600',
    ...UNLIMITED,
    ...(engine === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
  })
  const app = await buildApp({ config, ...(schema ? { pgSchema: schema } : {}) })
  await app.ready()
  return app
}
