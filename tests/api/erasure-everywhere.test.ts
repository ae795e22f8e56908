import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import { simpleParser } from 'mailparser'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_PRIVACY_SETTINGS } from '#shared/domain/privacy'
import { inspectionRecord, sendNotices, sendRecord, startRound } from '#tests/helpers/inspections'
import { createPerson, createPlot, linkAccount, send } from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 42 (Medium 3): an erasure reaches every copy of the person's details, not only the rows
// about them. An inspector's note names the tenant, so the notice to the co-tenant quotes it (in
// its text, and in the findings' PDF attached to its e-mail in the outbox); the tenant has asked
// for a new e-mail address, which the log's entry of the request holds. After the erasure, by the
// committee or by the daily run, none of their details is in the database's files (SQLite's, and
// its write-ahead log), in a dump of the PostgreSQL schema, or in any file of the data folder,
// the outbox's e-mails read as a mail program reads them, attachments and all.

const FULL_NAME = 'Bernard Carter'
const PHONE = '07700 900035'
const STREET = '35 Quince Terrace'
const OLD_EMAIL = 'bernard.carter@example.org'
// Nothing of the old details in it, so that only its own scrub can clear it.
const NEW_EMAIL = 'bernie.q@mailbox.example.net'
// The surname alone is not among them: relatives share it, and an erasure leaves it in rows about
// others (decision 26).
const SECRETS = [FULL_NAME, PHONE, STREET, OLD_EMAIL, NEW_EMAIL]
const NOTE = `Spoke to ${FULL_NAME} (${PHONE}) of ${STREET} about the brambles.`
const DAY = 86_400_000

const pdfText = async (bytes: Uint8Array) =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text

describe.each(engines)('erasure on %s', (engine) => {
  describe.each(['the committee', 'the daily run'] as const)('by %s', (by) => {
    let t: TestApp
    let committee = ''
    let admin = ''

    const outbox = () => t.app.config.email.outboxDir
    /** Each e-mail of the outbox as a mail program shows it: headers, text, attachments' text. */
    const outboxMails = async () => {
      const mails = new Map<string, string>()
      for (const name of fs.existsSync(outbox()) ? fs.readdirSync(outbox()) : []) {
        const parsed = await simpleParser(fs.readFileSync(path.join(outbox(), name)))
        const attached = await Promise.all(
          parsed.attachments.map((file) =>
            file.contentType === 'application/pdf' ? pdfText(file.content) : '',
          ),
        )
        const to = [parsed.to ?? []].flat().map((address) => address.text)
        mails.set(name, [...to, parsed.subject, parsed.text, ...attached].join('\n'))
      }
      return mails
    }
    /** Each file of the data folder as its bytes (the SQLite file and its WAL among them). */
    const dataFiles = () =>
      fs
        .readdirSync(t.dataDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name))
        .map((file): [string, string] => [
          path.relative(t.dataDir, file),
          fs.readFileSync(file).toString('latin1'),
        ])
    /** The test's PostgreSQL schema as pg_dump writes it: every live row of every table. */
    const postgresDump = async () => {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
        t.db.kysely,
      )
      return execFileSync(
        'pg_dump',
        ['--data-only', `--schema=${rows[0]!.schema}`, process.env.TEST_DATABASE_URL!],
        { maxBuffer: 256 * 1024 * 1024 },
      ).toString('utf8')
    }
    /** Where a secret must not be found, by name: the files, the mails, PostgreSQL's dump. */
    const places = async (): Promise<Array<[string, string]>> => [
      ...dataFiles(),
      ...[...(await outboxMails())].map(([name, mail]): [string, string] => [`read ${name}`, mail]),
      ...(engine === 'postgres' ? [['pg_dump', await postgresDump()] as [string, string]] : []),
    ]
    /** Each secret found, and where; a bytea column shows in pg_dump as hex. */
    const secretsIn = (found: Array<[string, string]>) =>
      found.flatMap(([place, text]) =>
        SECRETS.filter(
          (secret) => text.includes(secret) || text.includes(Buffer.from(secret).toString('hex')),
        ).map((secret) => `${secret} in ${place}`),
      )

    beforeAll(async () => {
      t = await createTestApp(engine)
      // Jobs run when the test says, so that it looks only after they have finished.
      await t.app.jobs.stop()
      committee = await t.signInAs(3)
      admin = await t.signInAs(4)
      const bernard = await t.signInAs(1, 'bernard-account')
      await createPlot(t, committee, 'Q1')
      await createPerson(t, committee, 'bcarter', {
        firstName: 'Bernard',
        lastName: 'Carter',
        email: OLD_EMAIL,
        phoneNumber: PHONE,
        address: `${STREET}\nMarlbury MB3 5QT`,
        contactBy: 'email',
      })
      // The co-tenant is sent both an e-mail and a letter.
      await createPerson(t, committee, 'cquill', {
        firstName: 'Cora',
        lastName: 'Quill',
        email: 'cora.quill@example.org',
        phoneNumber: '07700 900777',
        address: '8 Lark Rise\nMarlbury MB3 8LR',
        contactBy: 'both',
      })
      for (const id of ['bcarter', 'cquill']) {
        const added = await send(t, committee, 'PUT', `/api/plots/Q1/tenants/${id}`)
        expect(added.statusCode, added.body).toBe(200)
      }
      await linkAccount(t, committee, 'bernard-account', 'bcarter')

      const round = await startRound(t, committee, t.app.clock.today())
      const recorded = await sendRecord(
        t,
        committee,
        inspectionRecord(round, 'Q1', 'Needs work', {
          recordedAt: t.app.config.clock().toISOString(),
          notes: NOTE,
        }),
      )
      expect(recorded.statusCode, recorded.body).toBe(201)
      const notices = await sendNotices(t, committee, round)
      expect(notices.json().sent, notices.body).toEqual([{ plotId: 'Q1', stage: 'improvement' }])
      const asked = await send(t, bernard, 'PUT', '/api/me/email', { email: NEW_EMAIL })
      expect(asked.statusCode, asked.body).toBe(202)
      await t.app.jobs.runDue()
    })
    afterAll(() => t.close())

    it('finds their details, before the erasure, wherever the search looks', async () => {
      const mails = await outboxMails()
      const cora = [...mails.values()].filter((mail) => mail.includes('cora.quill@example.org'))
      expect(cora).toHaveLength(1)
      // In the letter's text, and in the findings' PDF attached to it.
      expect(cora[0]!.split(NOTE)).toHaveLength(3)
      expect([...mails.values()].some((mail) => mail.includes(NEW_EMAIL))).toBe(true)
      const found = (await places()).map(([, text]) => text).join('\n')
      for (const secret of SECRETS) expect(found, secret).toContain(secret)
    })

    it('leaves none of them in anyone’s letters, the outbox or the log', async () => {
      const ended = await send(t, committee, 'DELETE', '/api/plots/Q1/tenants/bcarter')
      expect(ended.statusCode, ended.body).toBe(200)
      if (by === 'the committee') {
        const erased = await send(t, committee, 'POST', '/api/people/bcarter/erasure')
        expect(erased.statusCode, erased.body).toBe(200)
      } else {
        const saved = await send(t, admin, 'PUT', '/api/privacy/settings', {
          ...DEFAULT_PRIVACY_SETTINGS,
          version: 0,
        })
        expect(saved.statusCode, saved.body).toBe(200)
        const later = new Date(Date.now() + 3 * 366 * DAY).toISOString().slice(0, 10)
        t.moveClockTo(later)
        while ((await t.app.jobs.runDue()) > 0);
      }
      const former = (await send(t, committee, 'GET', '/api/people/former-1')).json()
      expect(former).toMatchObject({ firstName: 'Former member 1', email: '' })

      const found = await places()
      expect(secretsIn(found)).toEqual([])
      // The co-tenant's e-mail is still in the outbox, and their letter still to print, with the
      // marker where the tenant was named: in the text and in the attached findings.
      const mails = [...(await outboxMails()).values()]
      const cora = mails.filter((mail) => mail.includes('cora.quill@example.org'))
      expect(cora).toHaveLength(1)
      expect(
        cora[0]!.split('Spoke to Former member 1 (Former member 1) of Former member 1'),
      ).toHaveLength(3)
      const letters = await t.db.kysely
        .selectFrom('messages')
        .select('body')
        .where('personId', '=', 'cquill')
        .execute()
      expect(letters).toHaveLength(2)
      for (const letter of letters) expect(letter.body).toContain('Spoke to Former member 1')
      // Her own details are hers still, as a check that the search reads what is there.
      expect(found.some(([, text]) => text.includes('cora.quill@example.org'))).toBe(true)
    })
  })
})
