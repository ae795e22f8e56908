import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BASE_MERGE_FIELDS } from '#shared/domain/merge-fields'
import { commonMessages } from '#shared/messages/common'
import { mailMessages } from '#shared/messages/mail'
import { lastLogId, logsAfter, send } from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Templates a committee writes from again: kept, edited against their version, deleted, logged.

const reminder = {
  name: 'Rent reminder',
  subject: 'Rent for {plots}',
  body: 'Dear {firstName}, {amountDue} is due.',
}

describe.each(engines)('message templates on %s', (engine) => {
  let t: TestApp
  let committee = ''
  beforeAll(async () => {
    t = await createTestApp(engine)
    committee = await t.signInAs(3)
  })
  afterAll(() => t.close())

  const count = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('message_templates')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('keeps, lists, edits and deletes a template, logging each change', async () => {
    const mark = await lastLogId(t)
    const created = await send(t, committee, 'POST', '/api/message-templates', reminder)
    expect(created.statusCode, created.body).toBe(201)
    const template = created.json()
    expect(template).toMatchObject({ ...reminder, version: 1 })
    expect((await send(t, committee, 'GET', '/api/message-templates')).json()).toEqual([template])

    const edited = await send(t, committee, 'PUT', `/api/message-templates/${template.id}`, {
      ...reminder,
      subject: 'Rent for plot {plots}',
      version: 1,
    })
    expect(edited.json()).toMatchObject({ subject: 'Rent for plot {plots}', version: 2 })
    const stale = await send(t, committee, 'PUT', `/api/message-templates/${template.id}`, {
      ...reminder,
      version: 1,
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().detail).toBe(commonMessages.staleVersion)

    expect(
      (await send(t, committee, 'DELETE', `/api/message-templates/${template.id}`)).statusCode,
    ).toBe(204)
    const gone = await send(t, committee, 'DELETE', `/api/message-templates/${template.id}`)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().detail).toBe(mailMessages.templateMissing)
    const logged = (await logsAfter(t, mark)).map((entry) => [
      entry.methodName,
      entry.error === 'null',
    ])
    expect(logged).toEqual([
      ['createMessageTemplate', true],
      ['updateMessageTemplate', true],
      ['updateMessageTemplate', false],
      ['deleteMessageTemplate', true],
      ['deleteMessageTemplate', false],
    ])
  })

  it('refuses an unknown merge field, a subject on two lines and a blank name, keeping nothing', async () => {
    const before = await count()
    for (const [body, detail] of [
      [
        { ...reminder, body: 'Dear {frstName}' },
        mailMessages.unknownMergeFields(['frstName'], BASE_MERGE_FIELDS),
      ],
      [{ ...reminder, subject: 'Rent\nBcc: all@example.org' }, mailMessages.subjectOneLine],
      [{ ...reminder, name: ' ' }, mailMessages.templateNameRequired],
    ] as const) {
      const response = await send(t, committee, 'POST', '/api/message-templates', body)
      expect(response.statusCode).toBe(400)
      expect(response.json().detail).toBe(detail)
    }
    expect(await count()).toBe(before)
  })

  it('dates a template by the server clock (TODAY), not the machine one', async () => {
    const realClock = t.app.config.clock
    t.app.config.clock = () => new Date('2031-03-04T12:00:00Z')
    try {
      const created = await send(t, committee, 'POST', '/api/message-templates', {
        ...reminder,
        name: 'Dated',
      })
      const { id } = created.json()
      const stored = () =>
        t.db.kysely
          .selectFrom('message_templates')
          .select('updatedAt')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      expect((await stored()).updatedAt).toBe('2031-03-04T12:00:00.000Z')
      t.app.config.clock = () => new Date('2031-03-05T12:00:00Z')
      await send(t, committee, 'PUT', `/api/message-templates/${id}`, {
        ...reminder,
        name: 'Dated',
        version: 1,
      })
      expect((await stored()).updatedAt).toBe('2031-03-05T12:00:00.000Z')
    } finally {
      t.app.config.clock = realClock
    }
  })

  // The version is checked in the UPDATE itself, not only when the edit reads the template: a
  // writer that took no lock of it (another instance's path, a restore) and changed the row while
  // the edit ran is not overwritten. On PostgreSQL the edit's UPDATE waits for that writer's row
  // lock, then finds the row at another version.
  it.runIf(engine === 'postgres')(
    'refuses an edit whose version another writer replaced while it ran, and keeps that writer’s change',
    async () => {
      const { id } = (
        await send(t, committee, 'POST', '/api/message-templates', { ...reminder, name: 'Raced' })
      ).json()
      const other = t.anotherConnection()
      try {
        let edit: ReturnType<typeof send> | undefined
        await other.kysely.transaction().execute(async (trx) => {
          await trx
            .updateTable('message_templates')
            .set({ subject: 'Changed elsewhere', version: 2 })
            .where('id', '=', id)
            .execute()
          edit = send(t, committee, 'PUT', `/api/message-templates/${id}`, {
            ...reminder,
            name: 'Raced',
            subject: 'Mine',
            version: 1,
          })
          // Until the edit's UPDATE waits for this transaction's row lock.
          for (let waited = 0; ; waited += 10) {
            const { rows } = await sql<{ waiting: number }>`
              select count(*)::int as waiting from pg_stat_activity
              where wait_event_type = 'Lock' and query like '%message_templates%'`.execute(
              other.kysely,
            )
            if (rows[0]!.waiting > 0) break
            if (waited > 5_000) throw new Error('the edit never reached its UPDATE')
            await new Promise((resolve) => setTimeout(resolve, 10))
          }
        })
        const response = await edit!
        expect(response.statusCode, response.body).toBe(409)
        expect(response.json().detail).toBe(commonMessages.staleVersion)
        const [kept] = (await send(t, committee, 'GET', '/api/message-templates'))
          .json()
          .filter((template: { id: number }) => template.id === id)
        expect(kept).toMatchObject({ subject: 'Changed elsewhere', version: 2 })
      } finally {
        await other.destroy()
      }
    },
  )

  it('is for the committee only', async () => {
    const land = await t.signInAs(2)
    expect((await send(t, land, 'GET', '/api/message-templates')).statusCode).toBe(403)
    expect((await send(t, land, 'POST', '/api/message-templates', reminder)).statusCode).toBe(403)
    expect((await send(t, undefined, 'GET', '/api/message-templates')).statusCode).toBe(401)
  })
})
