import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lettingMessages } from '#shared/messages/letting'
import type { Offer, OfferChoices, PersonApplication } from '#shared/schemas/letting'
import { createPerson, createPlot, send } from '#tests/helpers/records'
import { confirmationTokens } from '#tests/helpers/applications'
import { mailsTo, startSmtpServer } from '#tests/helpers/smtp'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Applications reach the committee (issue 28, part 5): through the real app, a real database and
// a real SMTP server, the note an applicant writes is shown to the committee, and the committee is
// told by e-mail, at the address enquiries go to, when someone confirms their application.

const COMMITTEE = 'secretary@riverside.example'
const NOTE = 'I can only manage a half plot.\nWeekends only, please.'

describe.each(engines)('applications reach the committee on %s', (engine) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let committee = ''
  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestApp(engine, { env: { SMTP_URL: smtp.url, CONTACT_TO: COMMITTEE } })
    committee = await t.signInAs(3)
    await createPerson(t, committee, 'early', {
      onWaitingList: true,
      joinedWaitingList: '2020-01-01',
      email: 'early@example.org',
    })
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  const get = (url: string) => send(t, committee, 'GET', url)
  /** Applies and follows the confirmation link: the reference. */
  async function applyAndConfirm(firstName: string, lastName: string, email: string, note: string) {
    const applied = await send(t, undefined, 'POST', '/api/apply', {
      ...{ firstName, lastName, email, phoneNumber: '', address: '1 Lane' },
      ...{ note, consent: true },
    })
    expect(applied.statusCode, applied.body).toBe(201)
    const [token] = await confirmationTokens(smtp, email)
    const confirmed = await send(t, undefined, 'POST', '/api/apply/confirm', { token })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    return confirmed.json().reference as string
  }

  it('e-mails the committee who joined, their place, their note and their page', async () => {
    const reference = await applyAndConfirm('Margaret', 'Ellison', 'meg@example.org', NOTE)
    const subject = lettingMessages.committeeNoticeSubject('Margaret Ellison', 2, 2)
    const [mail, ...more] = await mailsTo(smtp, COMMITTEE, subject)
    expect(more).toEqual([])
    expect(mail!.text).toContain('Margaret Ellison applied for a plot on the website')
    expect(mail!.text).toContain(`(reference ${reference})`)
    expect(mail!.text).toContain('They are number 2 of 2 on the waiting list.')
    expect(mail!.text).toContain(`Their note for the committee:\n\n${NOTE}`)
    expect(mail!.text).toMatch(/Their page: http\S*\/members\/waitinglist\/margarete$/m)
    // Nobody else had it: the applicant's own e-mails are theirs alone.
    expect(smtp.received.filter((m) => m.subject === subject).map((m) => m.to)).toEqual([
      [COMMITTEE],
    ])
  })

  it('says so when the applicant wrote no note', async () => {
    await applyAndConfirm('Tom', 'Baker', 'tom@example.org', '')
    const subject = lettingMessages.committeeNoticeSubject('Tom Baker', 3, 3)
    const [mail] = await mailsTo(smtp, COMMITTEE, subject)
    expect(mail!.text).toContain('They wrote no note for the committee.')
  })

  it("shows the note on the person's page, and nothing for someone the committee added", async () => {
    const application = await get('/api/people/margarete/application')
    expect(application.statusCode, application.body).toBe(200)
    const shown: PersonApplication = application.json()
    expect(shown).toMatchObject({ note: NOTE, reference: expect.stringMatching(/^[A-Z2-9]{8}$/) })
    const added = await get('/api/people/early/application')
    expect(added.statusCode).toBe(200)
    expect(added.json()).toBeNull()
    expect((await get('/api/people/nobody/application')).statusCode).toBe(404)
  })

  it('shows the note where the committee chooses whom to offer a plot, and on the offer', async () => {
    const choices: OfferChoices = (await get('/api/offers/choices')).json()
    expect(choices.waiting.map(({ id, note }) => [id, note])).toEqual([
      ['early', ''],
      ['margarete', NOTE],
      ['tomb', ''],
    ])
    await createPlot(t, committee, 'H1')
    const offered = await send(t, committee, 'POST', '/api/offers', {
      plotId: 'H1',
      personId: 'margarete',
      reason: 'A half plot, as she asked.',
    })
    expect(offered.statusCode, offered.body).toBe(201)
    expect((offered.json() as Offer).personNote).toBe(NOTE)
    const { open } = (await get('/api/offers')).json() as { open: Offer[] }
    expect(open.map(({ personId, personNote }) => [personId, personNote])).toEqual([
      ['margarete', NOTE],
    ])
  })
})
