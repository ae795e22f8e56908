import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extractText, getDocumentProxy } from 'unpdf'
import { invoiceMessages } from '#shared/messages/invoices'
import { inspectionMessages } from '#shared/messages/inspections'
import { offerMessages } from '#shared/messages/offers'
import { rentMessages } from '#shared/messages/rent'
import type { Offer } from '#shared/schemas/letting'
import type { Invoice, InvoiceStatement, YearPreview } from '#shared/schemas/rent'
import { createPerson, createPlot, createSite, personInput, send } from '#tests/helpers/records'
import { paymentsCsvPlots, startRentYear } from '#tests/helpers/rent'
import { siteWork } from '#tests/helpers/site-work'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 46 (decision 43): a second site's plot "1" is keyed "1-2", and every reader names it "1"
// (with its site where they may see several): rent's invoices, their PDF, e-mail and the payments
// CSV; offers; an inspection notice's letter and findings; the {plots} merge field of Messages.

const START = '2026-10-01'

const pdfText = async (bytes: Buffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text

describe.each(engines)("another site's plot by its name on %s", (engine) => {
  let t: TestApp
  let admin: string
  let committee: string
  let north: number
  let bPlot: string
  let vacant: string

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY: START } })
    admin = await t.signInAs(4, 'admin')
    committee = await t.signInAs(3, 'treasurer')
    north = (await createSite(t, admin, 'Northfield')).id
    await createPlot(t, admin, '1', { fee: 40 })
    bPlot = (await createPlot(t, admin, '1', { fee: 60, siteId: north })).id
    await createPlot(t, admin, '3')
    vacant = (await createPlot(t, admin, '3', { siteId: north })).id
    await createPerson(t, admin, 'alice', { firstName: 'Alice', email: '' })
    await createPerson(t, admin, 'bob', { firstName: 'Bob', email: '' })
    for (const [plot, person] of [
      ['1', 'alice'],
      [bPlot, 'bob'],
    ]) {
      const let_ = await send(t, admin, 'PUT', `/api/plots/${plot}/tenants/${person}`)
      expect(let_.statusCode, let_.body).toBe(200)
    }
    const waiting = await send(t, admin, 'POST', `/api/people?site=${north}`, {
      ...personInput('carol', { firstName: 'Carol', email: '' }),
      onWaitingList: true,
      joinedWaitingList: '2025-01-01',
    })
    expect(waiting.statusCode, waiting.body).toBe(201)
  })
  afterAll(() => t.close())

  it("keys the second site's plot apart from its name, as the test needs", () => {
    expect(bPlot).not.toBe('1')
    expect(vacant).not.toBe('3')
  })

  it("names it in a year's preview, its invoice, the invoice's PDF and its letter", async () => {
    const preview = await send(t, admin, 'POST', '/api/rent/years/preview', { startDate: START })
    expect(
      preview.json<YearPreview>().invoices.map((i) => [i.plotId, i.plotName, i.siteId]),
    ).toEqual([
      ['1', '1', 1],
      [bPlot, '1', north],
    ])
    const started = await startRentYear(t, admin, START)
    expect(started.statusCode, started.body).toBe(201)
    const { yearId } = started.json<{ yearId: number }>()
    const invoices = (await send(t, committee, 'GET', `/api/rent/years/${yearId}/invoices`)).json<
      Invoice[]
    >()
    const invoice = invoices.find((one) => one.plotId === bPlot)!
    expect([invoice.plotName, invoice.siteId]).toEqual(['1', north])
    const bobs = (
      await send(t, committee, 'GET', '/api/people/bob/invoices')
    ).json<InvoiceStatement>()
    expect(bobs.invoices.map((one) => one.plotName)).toEqual(['1'])

    const pdf = await send(t, committee, 'GET', `/api/rent/invoices/${invoice.id}/pdf`)
    expect(pdf.statusCode).toBe(200)
    const text = await pdfText(pdf.rawPayload)
    expect(text).toContain(`${invoiceMessages.invoiceFacts.plot}: 1`)
    expect(text).not.toContain(bPlot)

    const letter = await t.db.kysely
      .selectFrom('messages')
      .select(['subject', 'attachment'])
      .where('personId', '=', 'bob')
      .executeTakeFirstOrThrow()
    expect(letter).toEqual({
      subject: rentMessages.rentInvoiceSubject(invoice.number, '1', invoice.yearLabel),
      attachment: `invoice:${invoice.id}`,
    })
  })

  it('names it in the payments CSV, with its site where the books span several', async () => {
    const invoices = (
      await send(t, committee, 'GET', '/api/people/bob/invoices')
    ).json<InvoiceStatement>().invoices
    const paid = await send(
      t,
      committee,
      'POST',
      `/api/rent/invoices/${invoices[0]!.id}/payments`,
      {
        amount: 100,
        method: 'cash',
        date: START,
        reference: 'gate',
        requestId: randomUUID(),
      },
    )
    expect(paid.statusCode, paid.body).toBe(201)
    const plots = (query: string) => paymentsCsvPlots(t, committee, START, query)
    expect(await plots('')).toEqual(['1 (Northfield)'])
    expect(await plots(`&site=${north}`)).toEqual(['1'])
  })

  it('names it in the offers lists, the offer made and the withdrawn e-mail', async () => {
    const made = await send(t, committee, 'POST', '/api/offers', {
      plotId: vacant,
      personId: 'carol',
      reason: '',
    })
    expect(made.statusCode, made.body).toBe(201)
    const offer = made.json<Offer>()
    expect([offer.plotId, offer.plotName, offer.siteId]).toEqual([vacant, '3', north])
    const letter = await t.db.kysely
      .selectFrom('messages')
      .select('subject')
      .where('personId', '=', 'carol')
      .executeTakeFirstOrThrow()
    expect(letter.subject).toBe(offerMessages.offerSubject('3'))
    const lists = (await send(t, committee, 'GET', '/api/offers')).json<{ open: Offer[] }>()
    expect(lists.open.map((one) => one.plotName)).toEqual(['3'])
    const withdrawn = await send(t, committee, 'POST', `/api/offers/${offer.id}/withdraw`, {
      reason: 'Let by mistake',
    })
    expect(withdrawn.statusCode, withdrawn.body).toBe(200)
    const told = await t.db.kysely
      .selectFrom('messages')
      .select('subject')
      .where('personId', '=', 'carol')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(told.subject).toBe(offerMessages.withdrawnSubject('3'))
  })

  it("names it in a notice's letter and its findings, and in the {plots} of a message", async () => {
    const work = await siteWork(t, admin, north, bPlot)
    const batches = (await send(t, admin, 'GET', '/api/messages')).json<
      Array<{ id: number; subject: string }>
    >()
    const batch = batches.find((b) => b.subject === inspectionMessages.noticesBatch(START))!
    const letters = await send(t, admin, 'GET', `/api/messages/${batch.id}/letters.pdf`)
    expect(letters.statusCode).toBe(200)
    const printed = await pdfText(letters.rawPayload)
    expect(printed).toContain(inspectionMessages.findingsHeading('1', START))
    expect(printed).not.toContain(bPlot)
    expect(work.noticeId).toBeGreaterThan(0)

    const plan = await send(t, admin, 'POST', '/api/messages/plan', {
      audience: { kind: 'people', ids: ['bob'] },
      subject: 'Your {plots}',
      body: 'As the tenant of {plots}.',
    })
    expect(plan.statusCode, plan.body).toBe(200)
    const [copy] = plan.json<{ sample: { copies: Array<{ subject: string; body: string }> } }>()
      .sample.copies
    expect([copy!.subject, copy!.body]).toEqual(['Your plot 1', 'As the tenant of plot 1.'])
  })
})
