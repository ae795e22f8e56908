import sharp from 'sharp'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { longDate } from '#shared/domain/dates'
import { inspectionMessages } from '#shared/messages/inspections'
import { mailMessages } from '#shared/messages/mail'
import type { Notice, NoticesSent } from '#shared/schemas/inspections'
import type { Person } from '#shared/schemas/person'
import type { HistoryEvent } from '#shared/schemas/plot-history'
import { startRentYear } from '#tests/helpers/rent'
import type { UploadFile } from '#tests/helpers/pdf-upload'
import {
  gradePlots,
  previewNotices,
  sendNotices as sendNoticesAsShown,
  startRound,
} from '#tests/helpers/inspections'
import { createPerson, createPlot, lastLogId, logsAfter, send } from '#tests/helpers/records'
import { startSmtpServer } from '#tests/helpers/smtp'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// The chain of notices after inspections (issue 32), through the real app, a real database and a
// real SMTP server, the clock moved on as the weeks pass: an improvement notice with the photos,
// nothing more within its deadline, a final notice when the plot is still neglected after it,
// a pause that moves the deadline on, then notice to quit, whose job ends the tenancy and frees
// the plot for the waiting list. A plot put right closes its chain; one that changed hands stops it.

const photo: UploadFile = {
  bytes: await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#7a5' } })
    .jpeg()
    .toBuffer(),
  name: 'brambles.jpg',
  type: 'image/jpeg',
}

const pdfText = async (bytes: Uint8Array) =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text

describe.each(engines)('notices after inspections on %s', (engine) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let committee = ''

  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestApp(engine, { env: { SMTP_URL: smtp.url } })
    // Deadlines pass when the tests say so: a poll of the runner's own could take a deadline's
    // job up beside them, before the test has looked.
    await t.app.jobs.stop()
    t.moveClockTo('2026-06-01')
    committee = await t.signInAs(3, 'walker')
    const tenants: Array<[string, string, Record<string, unknown>]> = [
      ['N1', 'nia', { email: 'nia@example.org', contactBy: 'email' }],
      ['N2', 'ned', { email: '', address: '2 Lane\nRiverside' }],
      ['N3', 'gus', { email: 'gus@example.org', contactBy: 'email' }],
      ['N5', 'ola', { email: 'ola@example.org', contactBy: 'email' }],
      ['N6', 'pip', { email: 'pip@example.org', contactBy: 'email' }],
    ]
    for (const [plotId, personId, details] of tenants) {
      await createPlot(t, committee, plotId)
      await createPerson(t, committee, personId, {
        firstName: personId[0]!.toUpperCase() + personId.slice(1),
        lastName: 'Grower',
        ...details,
      })
      const added = await send(t, committee, 'PUT', `/api/plots/${plotId}/tenants/${personId}`)
      expect(added.statusCode, added.body).toBe(200)
    }
    await createPlot(t, committee, 'N4')
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  const sendNotices = async (roundId: number) => {
    const response = await sendNoticesAsShown(t, committee, roundId)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<NoticesSent>()
  }
  const notices = async () =>
    (await send(t, committee, 'GET', '/api/inspection-notices')).json<Notice[]>()
  const noticeOf = async (plotId: string) =>
    (await notices()).find((notice) => notice.plotId === plotId && notice.status === 'open')
  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address))
  const delivered = async (address: string, count: number) => {
    await t.app.jobs.runDue()
    await expect.poll(() => mailsTo(address).length).toBe(count)
    return mailsTo(address).at(-1)!
  }

  it('sends an improvement notice with the photos to each neglected plot’s tenants, and none twice', async () => {
    const round = await startRound(t, committee, '2026-06-01')
    await gradePlots(
      t,
      committee,
      round,
      { N1: 'Needs work', N2: 'Not cultivated', N3: 'Good', N4: 'Not cultivated' },
      { N1: [photo, photo] },
    )
    // First what it would do, and the first notice as Nia will read it: nothing is sent or kept.
    const looked = await lastLogId(t)
    const preview = await previewNotices(t, committee, round)
    expect(preview).toEqual({
      notices: [
        { plotId: 'N1', stage: 'improvement' },
        { plotId: 'N2', stage: 'improvement' },
      ],
      complied: [],
      waiting: [],
      vacant: ['N4'],
      people: 2,
      email: 1,
      post: 1,
      mailServer: true,
      sample: {
        plotId: 'N1',
        stage: 'improvement',
        name: 'Nia Grower',
        copies: [
          {
            channel: 'email',
            recipient: 'nia@example.org',
            subject: 'Improvement notice for plot N1',
            body: expect.stringMatching(/^Dear Nia,/),
          },
        ],
      },
      confirmation: expect.stringMatching(/^[\w-]{43}$/),
    })
    expect(preview.sample!.copies[0]!.body).toContain('Please put it right by 29 June 2026')
    expect(mailMessages.goesTo(preview.people, preview.email, preview.post)).toBe(
      'This goes to 2 people: 1 by e-mail, 1 as a letter to print.',
    )
    expect(await logsAfter(t, looked)).toEqual([])
    expect(await notices()).toEqual([])
    await t.app.jobs.runDue()
    expect(smtp.received).toHaveLength(0)

    // Never without that confirmation, nor once it would send otherwise: Ned's letter is now
    // made out to another address.
    const url = `/api/inspection-rounds/${round}/notices`
    const unseen = await send(t, committee, 'POST', url, {})
    expect(unseen.statusCode).toBe(400)
    expect(unseen.json().detail).toBe(inspectionMessages.previewNoticesFirst)
    const ned = (await send(t, committee, 'GET', '/api/people/ned')).json<Person>()
    const moved = await send(t, committee, 'PUT', '/api/people/ned', {
      ...ned,
      address: '2 Lane\nRiverside RV2 2BB',
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const changed = await send(t, committee, 'POST', url, { confirmation: preview.confirmation })
    expect(changed.statusCode).toBe(409)
    expect(changed.json().detail).toBe(inspectionMessages.noticesChanged)
    expect(await notices()).toEqual([])
    expect(
      (await send(t, committee, 'GET', '/api/inspection-rounds/999/notices/preview')).statusCode,
    ).toBe(404)

    const mark = await lastLogId(t)
    expect(await sendNotices(round)).toEqual({
      sent: [
        { plotId: 'N1', stage: 'improvement' },
        { plotId: 'N2', stage: 'improvement' },
      ],
      complied: [],
      waiting: [],
      vacant: ['N4'],
    })
    const logged = await logsAfter(t, mark)
    expect(logged.map((entry) => [entry.methodName, entry.docId])).toEqual([
      ['sendInspectionNotice', 'N1'],
      ['sendInspectionNotice', 'N2'],
    ])

    const mail = await delivered('nia@example.org', 1)
    expect(mail.subject).toBe('Improvement notice for plot N1')
    expect(mail.text).toMatch(/^Dear Nia,/)
    expect(mail.text).toContain('inspected on 1 June 2026')
    expect(mail.text).toContain('Please put it right by 29 June 2026')
    expect(mail.attachments.map((file) => file.filename)).toEqual([
      inspectionMessages.findingsFile('N1'),
    ])
    const sheet = mail.attachments[0]!.content
    expect(await pdfText(sheet)).toContain(inspectionMessages.findingsHeading('N1', '2026-06-01'))
    // Both photos are in it, drawn as pictures.
    expect(sheet.toString('latin1').match(/\/Subtype\s*\/Image/g)?.length).toBe(2)
    expect(await noticeOf('N1')).toMatchObject({
      stage: 'improvement',
      sentOn: '2026-06-01',
      deadline: '2026-06-29',
      tenants: ['Nia Grower'],
    })

    // Ned has no e-mail address: a letter, printed with the findings after it.
    const batches = (await send(t, committee, 'GET', '/api/messages')).json<
      Array<{ id: number; subject: string }>
    >()
    const batch = batches.find((b) => b.subject === inspectionMessages.noticesBatch('2026-06-01'))!
    const letters = await send(t, committee, 'GET', `/api/messages/${batch.id}/letters.pdf`)
    expect(letters.statusCode).toBe(200)
    const printed = await pdfText(letters.rawPayload)
    expect(printed).toContain('Improvement notice for plot N2')
    expect(printed).toContain(inspectionMessages.findingsHeading('N2', '2026-06-01'))

    // Sent again: every notice is within its deadline.
    expect(await sendNotices(round)).toMatchObject({ sent: [], waiting: ['N1', 'N2'] })
    await t.app.jobs.runDue()
    expect(mailsTo('nia@example.org')).toHaveLength(1)
  })

  it('sends the final notice to a plot still neglected after the deadline, and closes the chain of one put right', async () => {
    t.moveClockTo('2026-06-30')
    const mark = await lastLogId(t)
    await t.app.jobs.runDue()
    const due = (await logsAfter(t, mark)).filter((e) => e.methodName === 'reinspectionDue')
    // The runner takes due jobs up side by side: their entries come in either order.
    expect(due.map((entry) => [entry.docId, entry.userName]).sort()).toEqual([
      ['N1', 'system'],
      ['N2', 'system'],
    ])
    const round = await startRound(t, committee, '2026-06-30')
    await gradePlots(t, committee, round, { N1: 'Needs work', N2: 'Good' })
    expect(await sendNotices(round)).toMatchObject({
      sent: [{ plotId: 'N1', stage: 'final' }],
      complied: ['N2'],
    })
    const mail = await delivered('nia@example.org', 2)
    expect(mail.subject).toBe('Final notice for plot N1')
    expect(mail.text).toContain('put right by 28 July 2026')
    const all = await notices()
    expect(all.find((n) => n.plotId === 'N2')).toMatchObject({
      status: 'complied',
      closedOn: '2026-06-30',
    })
    expect(all.filter((n) => n.plotId === 'N1').map((n) => [n.stage, n.status])).toEqual([
      ['final', 'open'],
      ['improvement', 'escalated'],
    ])
  })

  it('pauses a chain with a reason, and on resuming moves its deadline on by the days paused', async () => {
    const final = (await noticeOf('N1'))!
    const refused = await send(t, committee, 'POST', `/api/inspection-notices/${final.id}/pause`, {
      reason: '  ',
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().detail).toBe(inspectionMessages.pauseReasonRequired)
    t.moveClockTo('2026-07-10')
    const paused = await send(t, committee, 'POST', `/api/inspection-notices/${final.id}/pause`, {
      reason: 'In hospital until August',
    })
    expect(paused.statusCode, paused.body).toBe(200)
    expect(paused.json()).toMatchObject({
      pausedOn: '2026-07-10',
      pauseReason: 'In hospital until August',
    })
    expect(
      (
        await send(t, committee, 'POST', `/api/inspection-notices/${final.id}/pause`, {
          reason: 'x',
        })
      ).statusCode,
    ).toBe(409)

    // Past the deadline while paused: the job leaves it be.
    t.moveClockTo('2026-08-01')
    const mark = await lastLogId(t)
    await t.app.jobs.runDue()
    expect((await logsAfter(t, mark)).map((e) => e.methodName)).not.toContain('reinspectionDue')
    const resumed = await send(t, committee, 'POST', `/api/inspection-notices/${final.id}/resume`)
    expect(resumed.statusCode, resumed.body).toBe(200)
    // 22 days paused: 28 July becomes 19 August.
    expect(resumed.json()).toMatchObject({ pausedOn: null, deadline: '2026-08-19' })
    const round = await startRound(t, committee, '2026-08-10')
    await gradePlots(t, committee, round, { N1: 'Not cultivated' })
    expect(await sendNotices(round)).toMatchObject({ sent: [], waiting: ['N1'] })
  })

  it('gives notice to quit after the final notice, and its job ends the tenancy and frees the plot', async () => {
    t.moveClockTo('2026-08-20')
    const round = await startRound(t, committee, '2026-08-20')
    await gradePlots(t, committee, round, { N1: 'Not cultivated' })
    expect(await sendNotices(round)).toMatchObject({ sent: [{ plotId: 'N1', stage: 'quit' }] })
    const mail = await delivered('nia@example.org', 3)
    expect(mail.subject).toBe('Notice to quit plot N1')
    expect(mail.text).toContain(`ends on ${longDate('2026-09-20')}`)

    // The last day of the tenancy: still theirs.
    t.moveClockTo('2026-09-20')
    await t.app.jobs.runDue()
    expect((await send(t, committee, 'GET', '/api/plots/N1')).json().tenants).toEqual(['nia'])

    t.moveClockTo('2026-09-21')
    const mark = await lastLogId(t)
    await t.app.jobs.runDue()
    const ended = (await logsAfter(t, mark)).find((e) => e.methodName === 'endTenancyByNotice')
    expect(ended).toMatchObject({ docId: 'N1', userName: 'system' })
    expect((await send(t, committee, 'GET', '/api/plots/N1')).json().tenants).toEqual([])
    const choices = (await send(t, committee, 'GET', '/api/offers/choices')).json()
    expect(choices.vacantPlots).toContain('N1')
    expect((await notices()).find((n) => n.plotId === 'N1' && n.stage === 'quit')).toMatchObject({
      status: 'ended',
      closedOn: '2026-09-21',
    })
    // Once only, however often the jobs run.
    const again = await lastLogId(t)
    await t.app.jobs.runDue()
    expect((await logsAfter(t, again)).map((e) => e.methodName)).not.toContain('endTenancyByNotice')
  })

  it('stops the chain of a plot given up before its deadline', async () => {
    t.moveClockTo('2026-10-01')
    const round = await startRound(t, committee, '2026-10-01')
    await gradePlots(t, committee, round, { N5: 'Needs work' })
    expect((await sendNotices(round)).sent).toEqual([{ plotId: 'N5', stage: 'improvement' }])
    const removed = await send(t, committee, 'DELETE', '/api/plots/N5/tenants/ola')
    expect(removed.statusCode, removed.body).toBe(200)
    t.moveClockTo('2026-10-30')
    await t.app.jobs.runDue()
    expect((await notices()).find((n) => n.plotId === 'N5')).toMatchObject({ status: 'stopped' })
  })

  it('goes straight to a final notice after two improvement notices within two years', async () => {
    for (const [bad, good] of [
      ['2026-11-01', '2026-12-01'],
      ['2027-01-01', '2027-02-01'],
    ] as const) {
      t.moveClockTo(bad)
      const round = await startRound(t, committee, bad)
      await gradePlots(t, committee, round, { N6: 'Needs work' })
      expect((await sendNotices(round)).sent).toEqual([{ plotId: 'N6', stage: 'improvement' }])
      t.moveClockTo(good)
      const better = await startRound(t, committee, good)
      await gradePlots(t, committee, better, { N6: 'Good' })
      expect((await sendNotices(better)).complied).toEqual(['N6'])
    }
    t.moveClockTo('2027-03-01')
    const round = await startRound(t, committee, '2027-03-01')
    await gradePlots(t, committee, round, { N6: 'Not cultivated' })
    expect((await sendNotices(round)).sent).toEqual([{ plotId: 'N6', stage: 'final' }])
  })

  it("shows a plot's history: tenants, inspections with photos, notices, offers and invoices, newest first", async () => {
    // The freed plot is offered and let again, and a rent year invoices it.
    await createPerson(t, committee, 'wes', {
      firstName: 'Wes',
      lastName: 'Grower',
      onWaitingList: true,
      joinedWaitingList: '2020-01-01',
    })
    const offer = await send(t, committee, 'POST', '/api/offers', { plotId: 'N1', personId: 'wes' })
    expect(offer.statusCode, offer.body).toBe(201)
    const accepted = await send(t, committee, 'POST', `/api/offers/${offer.json().id}/answer`, {
      answer: 'accept',
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
    await startRentYear(t, committee, '2027-03-01')

    const response = await send(t, committee, 'GET', '/api/plots/N1/history')
    expect(response.statusCode, response.body).toBe(200)
    const history = response.json<HistoryEvent[]>()
    const titles = history.map((entry) => entry.title)
    expect(titles).toEqual(
      expect.arrayContaining([
        'Nia Grower became a tenant',
        'Inspected: Needs work, 50% cultivated',
        'Improvement notice sent to Nia Grower',
        'Final notice sent to Nia Grower',
        'Notice to quit sent to Nia Grower',
        'The tenancy ended by notice to quit',
        'Offered to Wes Grower',
        'Let to Wes Grower, who accepted the offer',
      ]),
    )
    expect(titles.find((title) => title.startsWith('Invoice '))).toMatch(/^Invoice \d+ for .+: £/)
    // Newest first: the invoice of March 2027 before the tenancy's start in June 2026.
    expect(titles.findIndex((title) => title.startsWith('Invoice '))).toBeLessThan(
      titles.indexOf('Nia Grower became a tenant'),
    )
    // A notice carries only its day, but it follows the inspection of that day: above it.
    expect(titles.indexOf('Improvement notice sent to Nia Grower')).toBeLessThan(
      titles.lastIndexOf('Inspected: Needs work, 50% cultivated'),
    )
    const withPhotos = history.find((entry) => entry.photos.length > 0)!
    expect(withPhotos.photos).toHaveLength(2)
    expect((await send(t, committee, 'GET', withPhotos.photos[0]!.url)).statusCode).toBe(200)
    expect((await send(t, committee, 'GET', '/api/plots/nowhere/history')).statusCode).toBe(404)
  })
})
