import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backupMessages } from '#shared/messages/backups'
import type { Invoice } from '#shared/schemas/rent'
import { buildApp } from '#server/app'
import { loadConfig } from '#server/core/config'
import { exportAll } from '#server/core/db/portable'
import { placeholderAddress } from '#server/core/auth/account-address'
import { backupStatus } from '#server/features/backups/sql'
import { backupPlaces } from '#shared/domain/backup-places'
import type { SystemState } from '#shared/schemas/system'
import { createPerson, createPlot, send } from '#tests/helpers/records'
import { startRentYear } from '#tests/helpers/rent'
import { startS3Server } from '#tests/helpers/s3'
import { runScript, SCRIPTS_TIMEOUT } from '#tests/helpers/scripts'
import { UNLIMITED } from '#tests/helpers/server-process'
import { mailsTo, startSmtpServer } from '#tests/helpers/smtp'
import { createScratchDatabase, type ScratchDatabase } from '#tests/helpers/postgres'
import {
  createTestApp,
  engines,
  PASSWORD,
  sessionCookie,
  type Engine,
  type TestApp,
} from '#tests/helpers/test-app'

// Issue 45, item 5: backups that leave the machine. The nightly backup runs as the server's clock
// reaches 03:00 in London, into the backups folder and an S3-compatible bucket on loopback,
// encrypted; old ones are pruned to the last 3 days and the first of each of 2 months; a failed
// night is recorded and e-mailed to the administrators; and the copy in the bucket, restored by
// `npm run restore` into an empty installation, serves the same people, plots and ledger.

const PASSPHRASE = 'nightly backup passphrase for the tests'
const WRONG_SECRET = 'wrong-secret-that-must-never-be-stored'
const BUCKET = 'association-backups'
const PREFIX = 'riverside/'
const AUTH_SECRET = 'test-secret-test-secret-test-secret-0123'

describe.each(engines)('nightly backups on %s', (engine) => {
  let t: TestApp
  let s3: Awaited<ReturnType<typeof startS3Server>>
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let committee = ''
  let admin = ''
  let second: TestApp['app'] | undefined
  const extension = engine === 'postgres' ? 'json' : 'sqlite'
  const backupOf = (day: string) => `allotment-${day}.${extension}.enc`
  const folder = () => t.app.config.backups.dir
  const inFolder = () => fs.readdirSync(folder()).sort()
  const status = () => backupStatus(t.db.kysely, t.app.config.backups)
  // Other jobs fall due as the clock moves (e-mails of the rent year): run them all.
  const runAllDue = async () => {
    while ((await t.app.jobs.runDue()) > 0);
  }
  const nightsWaiting = () =>
    t.db.kysely
      .selectFrom('jobs')
      .select(['payload', 'runAt'])
      .where('kind', '=', 'nightly-backup')
      .where('finishedAt', 'is', null)
      .execute()
  /** What the committee reads of the people, the plots and the rent year's ledger. */
  async function answers(app: TestApp['app'], cookie: string) {
    const get = async (url: string) => {
      const response = await app.inject({ method: 'GET', url, headers: { cookie } })
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200)
      return response.body
    }
    const [year] = JSON.parse(await get('/api/rent/years')) as Array<{ id: number }>
    const invoices = JSON.parse(await get(`/api/rent/years/${year!.id}/invoices`)) as Invoice[]
    return {
      people: await get('/api/people'),
      plots: await get('/api/plots'),
      invoices,
      summary: await get(`/api/rent/years/${year!.id}/summary`),
      details: await Promise.all(invoices.map(({ id }) => get(`/api/rent/invoices/${id}`))),
      payments: await get('/api/rent/payments.csv?from=2026-01-01&to=2026-12-31'),
    }
  }

  beforeAll(async () => {
    s3 = await startS3Server(BUCKET)
    smtp = await startSmtpServer()
    t = await createTestApp(engine, {
      env: {
        TODAY: '2026-03-27T12:00',
        BACKUP_TIME: '03:00',
        BACKUP_KEEP_DAYS: '3',
        BACKUP_KEEP_MONTHS: '2',
        BACKUP_PASSPHRASE: PASSPHRASE,
        ...s3.env,
        BACKUP_S3_PREFIX: PREFIX,
        SMTP_URL: smtp.url,
      },
    })
    // The nights are run by the tests alone, as the clock reaches them.
    await t.app.jobs.stop()
    admin = await t.signInAs(4, 'admin1')
    await t.createAccount('admin2', 4)
    // An administrator whose address was never confirmed holds a placeholder no mail may reach.
    await t.createAccount('admin3', 4)
    await t.db.kysely
      .updateTable('user')
      .set({ email: placeholderAddress() })
      .where('username', '=', 'admin3')
      .execute()
    committee = await t.signInAs(3, 'committee1')
    await createPlot(t, committee, 'A1', { fee: 45 })
    await createPlot(t, committee, 'A2', { fee: 30 })
    await createPerson(t, committee, 'ann', { firstName: 'Ann', lastName: 'Lovelace' })
    await createPerson(t, committee, 'bob', { firstName: 'Bob', email: 'bob@example.org' })
    for (const [plot, person] of [
      ['A1', 'ann'],
      ['A2', 'bob'],
    ])
      expect(
        (await send(t, committee, 'PUT', `/api/plots/${plot}/tenants/${person}`)).statusCode,
      ).toBe(200)
    const started = await startRentYear(t, committee, '2026-03-27')
    expect(started.statusCode, started.body).toBe(201)
    const invoices = (
      await send(t, committee, 'GET', `/api/rent/years/${started.json().yearId}/invoices`)
    ).json() as Invoice[]
    const paid = await send(
      t,
      committee,
      'POST',
      `/api/rent/invoices/${invoices[0]!.id}/payments`,
      {
        amount: 2000,
        method: 'cash',
        date: '2026-03-27',
        reference: 'at the gate',
        requestId: randomUUID(),
      },
    )
    expect(paid.statusCode, paid.body).toBeLessThan(300)
  })
  afterAll(async () => {
    await second?.close()
    await t?.close()
    await s3?.close()
    await smtp?.close()
  })

  it('stores the first night when the server starts, at 03:00 on London’s clock, once', async () => {
    expect(await nightsWaiting()).toEqual([
      { payload: JSON.stringify({ day: '2026-03-28' }), runAt: '2026-03-28T03:00:00.000Z' },
    ])
    // A second instance starting on the same database finds it waiting.
    second = await t.anotherInstance()
    await second.jobs.stop()
    expect(await nightsWaiting()).toHaveLength(1)
    expect((await status()).last).toBeNull()
  })

  it('takes the night’s backup when its time comes, once for two instances: encrypted, in the folder and the bucket', async () => {
    t.moveClockTo('2026-03-28')
    second!.config.clock = t.app.config.clock
    await Promise.all([runAllDue(), second!.jobs.runDue()])
    await second!.close()
    second = undefined
    const name = backupOf('2026-03-28')
    const { last, kept } = await status()
    expect(last).toMatchObject({
      day: '2026-03-28',
      folder: folder(),
      file: name,
      bucket: BUCKET,
      s3Key: `${PREFIX}${name}`,
      encrypted: true,
      error: null,
    })
    expect(kept).toEqual([last])
    const bytes = fs.readFileSync(path.join(folder(), name))
    expect(last!.size).toBe(bytes.length)
    expect(bytes.subarray(0, 16).toString()).toBe('allotment-backup')
    for (const clear of ['Lovelace', 'SQLite format 3', '"people"'])
      expect(bytes.includes(clear), clear).toBe(false)
    expect(await s3.keys()).toEqual([`${PREFIX}${name}`])
    expect((await s3.get(`${PREFIX}${name}`)).equals(bytes)).toBe(true)
    // The administrator's System page says where it went.
    const system = (await send(t, admin, 'GET', '/api/system')).json<SystemState>()
    expect(system.backup.last).toEqual(last)
    expect(backupPlaces(system.backup.last!)).toEqual([
      path.join(folder(), name),
      `s3://${BUCKET}/${PREFIX}${name}`,
    ])
    // British Summer Time begins on the 29th: 03:00 in London is 02:00 UTC.
    expect(await nightsWaiting()).toEqual([
      { payload: JSON.stringify({ day: '2026-03-29' }), runAt: '2026-03-29T02:00:00.000Z' },
    ])
    const logged = await t.db.kysely
      .selectFrom('logs')
      .select(['userName', 'docId'])
      .where('methodName', '=', 'backUp')
      .execute()
    expect(logged).toEqual([{ userName: 'system', docId: '2026-03-28' }])

    // Woken again the same day, nothing more is taken.
    await runAllDue()
    expect((await status()).kept).toHaveLength(1)
  })

  it(
    'restores the copy from the bucket into an empty installation that serves the same people, plots and ledger',
    async () => {
      const key = `${PREFIX}${backupOf('2026-03-28')}`
      const expected = await answers(t.app, committee)
      const target = await emptyInstallation(engine)
      try {
        // Side by side, to keep the test quick: the wrong passphrase stops before the database.
        const restore = (passphrase: string) =>
          runScript('restore', [`s3://${BUCKET}/${key}`], {
            ...target.env,
            ...s3.env,
            BACKUP_PASSPHRASE: passphrase,
          })
        const [wrong, restored] = await Promise.all([
          restore('not the passphrase it was made with'),
          restore(PASSPHRASE),
        ])
        expect(wrong.code).toBe(1)
        expect(wrong.output).toContain(
          `The passphrase does not open s3://${BUCKET}/${key}: it is not the one the backup was made with`,
        )
        expect(restored.code, restored.output).toBe(0)
        expect(restored.output).toContain(`Restored s3://${BUCKET}/${key}`)

        const config = loadConfig({ ...target.env, LOG_LEVEL: 'silent', AUTH_SECRET, ...UNLIMITED })
        config.clock = t.app.config.clock
        const app = await buildApp({ config })
        try {
          await app.ready()
          const signedIn = await app.inject({
            method: 'POST',
            url: '/api/auth/sign-in/username',
            payload: { username: 'committee1', password: PASSWORD },
          })
          expect(signedIn.statusCode, signedIn.body).toBe(200)
          const got = await answers(app, sessionCookie(signedIn))
          expect(got).toEqual(expected)
          expect(got.invoices).toHaveLength(2)
          expect(got.payments).toContain('at the gate')
        } finally {
          await app.close()
        }
      } finally {
        await target.remove()
      }
    },
    SCRIPTS_TIMEOUT,
  )

  it('keeps the last 3 days and the first backup of each of 2 months, in the folder and the bucket', async () => {
    // Older nights, as a year of backups would have left them, and files that are not backups.
    const older = ['2026-01-10', '2026-02-03', '2026-02-20', '2026-03-01', '2026-03-20']
    for (const day of [...older, '2026-03-25', '2026-03-26', '2026-03-27']) {
      fs.writeFileSync(path.join(folder(), backupOf(day)), `an older backup of ${day}`)
      await s3.put(`${PREFIX}${backupOf(day)}`, `an older backup of ${day}`)
    }
    fs.writeFileSync(path.join(folder(), 'notes.txt'), 'not a backup')
    await s3.put(`${PREFIX}notes.txt`, 'not a backup')
    await s3.put(`other/${backupOf('2026-01-10')}`, 'another association’s')
    const kept = (...days: string[]) => ({
      folder: [...days.map(backupOf), 'notes.txt'].sort(),
      bucket: [
        ...days.map((day) => `${PREFIX}${backupOf(day)}`),
        `${PREFIX}notes.txt`,
        `other/${backupOf('2026-01-10')}`,
      ].sort(),
    })
    const night = async (day: string) => {
      t.moveClockTo(day)
      await runAllDue()
      expect((await status()).last).toMatchObject({ day, error: null })
      return { folder: inFolder(), bucket: await s3.keys() }
    }

    expect(await night('2026-03-29')).toEqual(
      kept('2026-02-03', '2026-03-01', '2026-03-27', '2026-03-28', '2026-03-29'),
    )
    await night('2026-03-30')
    expect(await night('2026-03-31')).toEqual(
      kept('2026-02-03', '2026-03-01', '2026-03-29', '2026-03-30', '2026-03-31'),
    )
    // A new month: March's first stays, February's goes.
    expect(await night('2026-04-01')).toEqual(
      kept('2026-03-01', '2026-03-30', '2026-03-31', '2026-04-01'),
    )
    // The System page lists the nights still kept, newest first.
    const system = (await send(t, admin, 'GET', '/api/system')).json<SystemState>()
    expect(system.backup.kept.map(({ day }) => day)).toEqual([
      '2026-04-01',
      '2026-03-31',
      '2026-03-30',
    ])
  })

  it('records a failed night and e-mails the administrators, pruning nothing, with no secret stored', async () => {
    // s3rver checks the key, not the signature: a key the store does not know, and a secret.
    const { credentials } = t.app.config.backups.store
    t.app.config.backups.store.credentials = {
      accessKeyId: 'NOT-OUR-KEY',
      secretAccessKey: WRONG_SECRET,
    }
    const before = { folder: inFolder(), bucket: await s3.keys() }
    try {
      t.moveClockTo('2026-04-02')
      await runAllDue()
    } finally {
      t.app.config.backups.store.credentials = credentials
    }
    const name = backupOf('2026-04-02')
    const { last, kept } = await status()
    expect(last).toMatchObject({ day: '2026-04-02', file: name, s3Key: null, encrypted: true })
    expect(last!.error).toMatch(
      /^The copy to the S3 bucket association-backups failed: The AWS Access Key Id you provided does not exist in our records\./,
    )
    expect(
      (await send(t, admin, 'GET', '/api/system')).json<SystemState>().backup.last,
    ).toMatchObject({ error: last!.error })
    // Written to the folder, not copied; and the night of 30 March, past those kept, is not
    // pruned on a night whose own backup did not leave the machine.
    expect(inFolder()).toEqual([...before.folder, name].sort())
    expect(await s3.keys()).toEqual(before.bucket)
    expect(kept.map(({ day }) => day)).toEqual([
      '2026-04-02',
      '2026-04-01',
      '2026-03-31',
      '2026-03-30',
    ])

    const association = 'Riverside Allotment Association'
    const [mail] = await mailsTo(
      smtp,
      'admin1@example.org',
      backupMessages.failedSubject(association),
    )
    expect(mail!.to).toEqual(['admin1@example.org', 'admin2@example.org'])
    expect(mail!.text).toBe(
      backupMessages
        .failedText({
          association,
          startedAt: last!.startedAt,
          error: last!.error!,
          written: path.join(folder(), name),
          copied: { bucket: BUCKET, key: null },
          nextAt: '2026-04-03T02:00:00.000Z',
        })
        .trimEnd(),
    )
    expect(mail!.text).toContain('on 2 April 2026 at 13:')
    expect(mail!.text).toContain('Not copied to the bucket association-backups.')
    expect(mail!.text).toContain('The next backup will be taken on 3 April 2026 at 03:00.')

    const everything = JSON.stringify(await exportAll(t.db)) + mail!.raw
    for (const secret of [WRONG_SECRET, PASSPHRASE]) expect(everything).not.toContain(secret)
  })
})

/** A new installation with nothing in it: a data folder, and on PostgreSQL a database of its own. */
async function emptyInstallation(engine: Engine) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'allotment-restored-'))
  let database: ScratchDatabase | undefined
  if (engine === 'postgres')
    database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'restored')
  return {
    env: {
      DATA_DIR: dataDir,
      BACKUP_TIME: 'off',
      ...(database ? { DATABASE_URL: database.url } : {}),
    } as Record<string, string>,
    async remove() {
      await database?.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
