import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BASE_MERGE_FIELDS } from '#shared/domain/merge-fields'
import { messages } from '#shared/messages'
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
    expect(stale.json().detail).toBe(messages.staleVersion)

    expect(
      (await send(t, committee, 'DELETE', `/api/message-templates/${template.id}`)).statusCode,
    ).toBe(204)
    const gone = await send(t, committee, 'DELETE', `/api/message-templates/${template.id}`)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().detail).toBe(messages.templateMissing)
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
        messages.unknownMergeFields(['frstName'], BASE_MERGE_FIELDS),
      ],
      [{ ...reminder, subject: 'Rent\nBcc: all@example.org' }, messages.subjectOneLine],
      [{ ...reminder, name: ' ' }, messages.templateNameRequired],
    ] as const) {
      const response = await send(t, committee, 'POST', '/api/message-templates', body)
      expect(response.statusCode).toBe(400)
      expect(response.json().detail).toBe(detail)
    }
    expect(await count()).toBe(before)
  })

  it('is for the committee only', async () => {
    const land = await t.signInAs(2)
    expect((await send(t, land, 'GET', '/api/message-templates')).statusCode).toBe(403)
    expect((await send(t, land, 'POST', '/api/message-templates', reminder)).statusCode).toBe(403)
    expect((await send(t, undefined, 'GET', '/api/message-templates')).statusCode).toBe(401)
  })
})
