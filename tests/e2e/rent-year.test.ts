import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { extractText, getDocumentProxy } from 'unpdf'
import { invoiceMessages } from '#shared/messages/invoices'
import { moneyMessages } from '#shared/messages/money'
import { rentMessages } from '#shared/messages/rent'
import { statementMessages } from '#shared/messages/statement'
import type { Plot } from '#shared/schemas/plot'
import type { Invoice } from '#shared/schemas/rent'
import { longDate } from '#shared/domain/dates'
import {
  anonymousPage,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  type TestServer,
} from '#tests/helpers/browser'
import {
  field,
  firstAlert,
  headingOf,
  LAPTOP,
  logIn,
  openSiteMap,
  PHONE,
  poll,
  RESTART_TIMEOUT,
  useDemoSite,
} from '#tests/helpers/e2e-fixtures'
import type { ReceivedMail } from '#tests/helpers/smtp'

// A whole rent year on the demo site, in the browser, with a real SMTP server: the committee
// starts the year, an invoice e-mail arrives with its PDF, a part payment and the rest turn the
// plot paid on the map, and (the server's calendar moved on by TODAY, as an association trying
// the app would) another invoice gets both reminders and is flagged in arrears. The society's
// money as it is (issue 43): rent by the rod, a half plot at £32.50, each line saying how.

const LABEL = '2026/27'
const INVOICE = /^Rent invoice (\d+) for plot (\S+), 2026\/27$/
const SEND_INVOICES = /^Send [\d,]+ invoices?$/
const REMINDER = /reminder/i

/** What the page says about a field (its refusal, its hint), as assistive technology reads it. */
const describedBy = (page: Page, label: string) =>
  field(page, label).evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  )

/** The rent page's list of that name, chosen from its tabs: an invoice is on the page once. */
async function rentView(page: Page, name: 'Due today' | 'Arrears' | 'Invoices') {
  await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click()
  return page.getByRole('region', { name })
}

describe('the rent year on the demo site', () => {
  const site = useDemoSite('rent', '2026-10-01')
  const { smtp } = site

  const signedIn = async (server: TestServer) => {
    const page = await anonymousPage(site.browser, server, PHONE)
    await logIn(page, 'demo-committee', 'demo-password')
    await poll(() => new URL(page.url()).pathname).toBe('/members/plotholders')
    return page
  }
  const invoiceMails = () =>
    smtp.received.filter((mail) => INVOICE.test(mail.subject) && mail.attachments.length === 1)
  const numberAndPlot = (mail: ReceivedMail) => {
    const [, number, plot] = INVOICE.exec(mail.subject)!
    return { number: Number(number), plot: plot! }
  }
  const plotOnMap = async (page: Page, plot: string) =>
    (await openSiteMap(page)).locator(`[data-plot-id="${plot}"]`)
  const openInvoice = async (page: Page, number: number) => {
    await page.goto('/members/rent')
    await poll(() => headingOf(page)).toBe('Rent')
    await (
      await rentView(page, 'Invoices')
    )
      .getByRole('link', { name: `Invoice ${number}`, exact: true })
      .click()
    await poll(() => headingOf(page)).toBe(`Invoice ${number}`)
  }

  const invoiceCount = async (page: Page) => {
    const [year] = (await (await page.request.get('/api/rent/years')).json()) as Array<{
      id: number
    }>
    return (
      (await (await page.request.get(`/api/rent/years/${year!.id}/invoices`)).json()) as unknown[]
    ).length
  }

  let first = { number: 0, plot: '' }
  let second = { number: 0, plot: '' }
  /** A plot let as a half plot, and one measured in rods. */
  let half = ''
  let rods = ''

  it('the administrator sets how rent is charged and chased', async () => {
    const page = await anonymousPage(site.browser, site.server, PHONE)
    await logIn(page, 'demo-admin', 'demo-password')
    await poll(() => new URL(page.url()).pathname).not.toBe('/login')
    await page.goto('/members/rent/settings')
    await poll(() => headingOf(page)).toBe('Rent settings')
    await expectNoHorizontalScroll(page)
    await expectNoAxeViolations(page)
    await field(page, 'Concession (% off)').fill('50')
    await page.getByRole('button', { name: 'Add an extra charge' }).click()
    const extra = page.getByRole('group', { name: 'Extra charge 1' })
    await extra.getByLabel('Name').fill('Water')
    await extra.getByLabel('Amount (£)').fill('5.00')
    await field(page, 'How to pay').fill('Sort code 00-00-00, account 12345678.')
    // Rent by the rod, and a half plot's fee in pounds and pence.
    await field(page, 'Charge').selectOption({ label: 'A rate for its area' })
    await field(page, 'Areas in').selectOption({ label: 'Rods' })
    await field(page, 'Rate per rod (£)').fill('6.50001')
    await field(page, 'Half plot (£)').fill('32.50')
    await page.getByRole('button', { name: rentMessages.saveRentSettings }).click()
    // Refused by the field it is about, as well as above the form.
    await poll(() => describedBy(page, 'Rate per rod (£)')).toContain(moneyMessages.rateMoney)
    expect(await field(page, 'Rate per rod (£)').getAttribute('aria-invalid')).toBe('true')
    expect(await firstAlert(page)).toBe(moneyMessages.rateMoney)
    await expectNoHorizontalScroll(page)
    await expectNoAxeViolations(page)
    await field(page, 'Rate per rod (£)').fill('6.50')
    await page.getByRole('button', { name: rentMessages.saveRentSettings }).click()
    await poll(async () => (await page.getByRole('status').allTextContents()).join(' ')).toContain(
      rentMessages.rentSettingsSaved,
    )
    expect(await field(page, 'Rate per rod (£)').getAttribute('aria-invalid')).toBeNull()
  })

  it('lets one plot as a half plot and measures another in rods, on a laptop', async () => {
    const page = await anonymousPage(site.browser, site.server, LAPTOP)
    await logIn(page, 'demo-admin', 'demo-password')
    await poll(() => new URL(page.url()).pathname).not.toBe('/login')
    const plots = (await (await page.request.get('/api/plots')).json()) as Plot[]
    const occupied = plots.filter((plot) => plot.occupied).map((plot) => plot.id)
    half = occupied[0]!
    rods = occupied[1]!
    const edit = async (plot: string) => {
      await page.goto(`/members/plots/${encodeURIComponent(plot)}`)
      await poll(() => headingOf(page)).toBe(`Plot ${plot}`)
      await page.getByRole('button', { name: 'Edit', exact: true }).click()
    }
    const save = () => page.getByRole('button', { name: 'Save changes' }).click()

    await edit(half)
    await field(page, 'Fee (£)').fill('32.555')
    await save()
    await poll(() => describedBy(page, 'Fee (£)')).toContain(moneyMessages.feeMoney)
    await expectNoAxeViolations(page)
    await field(page, 'Fee (£)').fill('32.50')
    await field(page, 'Charged as').selectOption({ label: 'Half plot' })
    await save()
    await poll(() => page.getByRole('button', { name: 'Edit', exact: true }).isVisible()).toBe(true)
    expect(await page.getByRole('definition').allTextContents()).toContain('Half plot')

    await edit(rods)
    await field(page, 'Area (rods)').fill('10')
    await save()
    await poll(() => page.getByRole('button', { name: 'Edit', exact: true }).isVisible()).toBe(true)
    expect(await page.getByRole('definition').allTextContents()).toContain('10')
    expect(
      ((await (await page.request.get(`/api/plots/${encodeURIComponent(rods)}`)).json()) as Plot)
        .area,
    ).toBe(253)
  })

  it('starts the year: every invoice previewed, then made, and e-mailed with its PDF', async () => {
    const page = await signedIn(site.server)
    await page.goto('/members/rent')
    await poll(() => headingOf(page)).toBe('Rent')
    await expectNoHorizontalScroll(page)
    await expectNoAxeViolations(page)
    await field(page, 'Rent year starts').fill('2026-10-01')
    await page.getByRole('button', { name: 'Preview invoices' }).click()
    const start = page.getByRole('button', { name: 'Start rent year' })
    await poll(() => start.isVisible()).toBe(true)
    await expectNoAxeViolations(page)
    // The demo's plots ticked paid before any rent year would each become a payment of this one
    // (issue 43); the treasurer drops them, so that every invoice starts owing.
    const keptPaid = page.getByRole('checkbox', { name: /^Keep plot .+ as paid$/ })
    expect(await keptPaid.count()).toBeGreaterThan(0)
    for (const box of await keptPaid.all()) await box.uncheck()
    // Nothing goes out before the question naming what will: answered by its own button.
    await start.click()
    const confirm = page.getByRole('group', { name: /^Start the rent year 2026\/27 and send / })
    await poll(() => confirm.isVisible()).toBe(true)
    expect(await confirm.textContent()).toContain(
      `now; no reminders before ${longDate('2026-11-14')}.`,
    )
    await expectNoAxeViolations(page)
    await confirm.getByRole('button', { name: SEND_INVOICES }).click()
    const statuses = async () => (await page.getByRole('status').allTextContents()).join(' ')
    await poll(statuses).toContain(LABEL)
    expect(await statuses()).toContain(
      rentMessages.rentYearCreated(await invoiceCount(page), LABEL),
    )

    await poll(() => invoiceMails().length, 'invoice e-mails arrive').toBeGreaterThan(1)
    const mail = invoiceMails()[0]!
    first = numberAndPlot(mail)
    second = numberAndPlot(invoiceMails().find((m) => numberAndPlot(m).plot !== first.plot)!)
    expect(mail.attachments[0]!.contentType).toBe('application/pdf')
    const pdf = await extractText(
      await getDocumentProxy(new Uint8Array(mail.attachments[0]!.content)),
      { mergePages: true },
    )
    expect(pdf.text).toContain(`Invoice ${first.number}`)
    expect(pdf.text).toContain(`INV-${first.number}`)
    expect(pdf.text).toContain('Water')
    expect(pdf.text).toContain('Sort code 00-00-00')
    expect(await (await plotOnMap(page, first.plot)).getAttribute('class')).toContain(
      'plot--unpaid',
    )
  })

  it('shows how each invoice was worked out, on a phone and on a laptop', async () => {
    for (const viewport of [PHONE, LAPTOP]) {
      const page = await anonymousPage(site.browser, site.server, viewport)
      await logIn(page, 'demo-admin', 'demo-password')
      await poll(() => new URL(page.url()).pathname).not.toBe('/login')
      const [year] = (await (await page.request.get('/api/rent/years')).json()) as Array<{
        id: number
      }>
      const listed = (await (
        await page.request.get(`/api/rent/years/${year!.id}/invoices`)
      ).json()) as Invoice[]
      for (const [plot, line, amount] of [
        [half, 'Half plot', '£32.50'],
        [rods, '10 rods at £6.50', '£65.00'],
      ] as const) {
        const invoice = listed.find((one) => one.plotId === plot)!
        await page.goto(`/members/rent/invoices/${invoice.id}`)
        await poll(() => headingOf(page)).toBe(`Invoice ${invoice.number}`)
        const charges = page.getByRole('table', { name: 'What the invoice charges' })
        // The rent line first: how it was worked out, and its amount.
        const rent = charges.getByRole('row').nth(1).getByRole('cell')
        expect(await rent.allTextContents()).toEqual([line, amount])
        await expectNoHorizontalScroll(page)
      }
      await expectNoAxeViolations(page)
      await page.context().close()
    }
  })

  it('records a part payment and then the rest, and the plot turns paid on the map', async () => {
    const page = await signedIn(site.server)
    await openInvoice(page, first.number)
    await expectNoHorizontalScroll(page)
    await expectNoAxeViolations(page)
    const payment = page.getByRole('region', { name: 'Record a payment' })
    const owed = Number((await payment.getByLabel('Amount (£)').inputValue()).replace(/[£,]/g, ''))
    expect(owed).toBeGreaterThan(1)
    await payment.getByLabel('Amount (£)').fill('1.00')
    await payment.getByLabel('Method').selectOption({ label: invoiceMessages.paymentMethod.cash })
    await payment.getByLabel('Reference').fill('cash at the gate')
    await payment.getByRole('button', { name: 'Record payment' }).click()
    await poll(async () => (await page.getByRole('status').allTextContents()).join(' ')).toContain(
      'Payment recorded.',
    )
    expect(await (await plotOnMap(page, first.plot)).getAttribute('class')).toContain(
      'plot--unpaid',
    )

    await openInvoice(page, first.number)
    const rest = page.getByRole('region', { name: 'Record a payment' })
    await poll(() => rest.getByLabel('Amount (£)').inputValue()).toBe((owed - 1).toFixed(2))
    await rest.getByLabel('Reference').fill(`INV-${first.number} transfer`)
    await rest.getByRole('button', { name: 'Record payment' }).click()
    await poll(async () => (await page.getByRole('status').allTextContents()).join(' ')).toContain(
      'Payment recorded.',
    )
    await poll(
      async () => (await (await plotOnMap(page, first.plot)).getAttribute('class')) ?? '',
    ).toContain('plot--occupied')
  })

  it('imports a bank statement in a layout it does not know: the columns mapped once, a payment quoting only its payer suggested and confirmed, nothing recorded twice', async () => {
    const page = await signedIn(site.server)
    const [year] = (await (await page.request.get('/api/rent/years')).json()) as Array<{
      id: number
    }>
    const listed = (await (
      await page.request.get(`/api/rent/years/${year!.id}/invoices`)
    ).json()) as Invoice[]
    const [byReference, byName] = listed.filter(
      (invoice) => ![first.plot, second.plot].includes(invoice.plotId) && invoice.outstanding > 100,
    )
    // A bank we do not know: semicolons, its own headings, dates with dots.
    const statement = Buffer.from(
      [
        'Posted;Narrative;Sum;Left',
        `05.10.2026;"BGC INV-${byReference!.number} THANK YOU";1.00;1001.00`,
        '05.10.2026;"HEDGE TRIMMER HIRE";-12.50;988.50',
        `06.10.2026;"${byName!.payerName.toUpperCase()} PLOT ${byName!.plotId}";1.00;989.50`,
      ].join('\r\n'),
    )
    await page.goto('/members/rent')
    const importer = page.getByRole('region', { name: 'Import a bank statement' })
    const check = async () => {
      await importer.getByLabel('Bank statement (CSV, OFX or QIF)').setInputFiles({
        name: 'october.csv',
        mimeType: 'text/csv',
        buffer: statement,
      })
      await importer.getByRole('button', { name: 'Check statement' }).click()
    }
    await check()
    await poll(() => importer.getByText(statementMessages.chooseColumns).isVisible()).toBe(true)
    await expectNoHorizontalScroll(page)
    await expectNoAxeViolations(page)
    await importer.getByLabel('Date (required)').selectOption({ label: 'Column 1: Posted' })
    await importer.getByLabel(/^Amount /).selectOption({ label: 'Column 3: Sum' })
    await importer
      .getByLabel('Reference or description (required)')
      .selectOption({ label: 'Column 2: Narrative' })
    await importer.getByLabel('Name of this layout').fill('Co-operative Bank')
    await importer.getByRole('button', { name: 'Read with these columns' }).click()
    const summary = `${statementMessages.readWith('Co-operative Bank')} ${statementMessages.counts(3, 1, 1, 0, 1)}`
    await poll(() => importer.getByText(summary).isVisible()).toBe(true)
    await expectNoHorizontalScroll(page)
    await expectNoAxeViolations(page)
    // The suggestion names the payer's invoice; ticking it confirms it.
    expect(await importer.getByLabel('Line 4 pays').inputValue()).toBe('0')
    expect(await importer.getByLabel('Line 4 pays').textContent()).toContain(
      `Invoice ${byName!.number},`,
    )
    await importer.getByLabel('Line 4', { exact: true }).check()
    await importer.getByRole('button', { name: 'Record payments' }).click()
    await poll(async () => (await page.getByRole('status').allTextContents()).join(' ')).toContain(
      rentMessages.paymentsRecorded(2),
    )

    // The same statement again is read with the layout kept, and records nothing more.
    await check()
    await poll(() =>
      importer.getByText(statementMessages.counts(3, 0, 0, 2, 1), { exact: false }).isVisible(),
    ).toBe(true)
    expect(await importer.getByRole('button', { name: 'Record payments' }).count()).toBe(0)
    const paid = async () => {
      const now = (await (
        await page.request.get(`/api/rent/years/${year!.id}/invoices`)
      ).json()) as Invoice[]
      return [byReference, byName].map(
        (invoice) => now.find((i) => i.id === invoice!.id)!.outstanding,
      )
    }
    expect(await paid()).toEqual([byReference!.outstanding - 100, byName!.outstanding - 100])
  })

  it('lets another invoice pass its deadlines: both reminders go out and the plot is flagged in arrears', async () => {
    await site.restartOn('2026-12-15')
    const reminder = (step: 'first' | 'second') =>
      rentMessages.rentReminderSubject(step, second.number)
    await poll(
      () => smtp.received.filter((m) => m.subject === reminder('first')).length,
      'first reminder',
    ).toBe(1)
    await poll(
      () => smtp.received.filter((m) => m.subject === reminder('second')).length,
      'second reminder',
    ).toBe(1)
    expect(
      smtp.received.filter(
        (m) => m.subject === rentMessages.rentReminderSubject('first', first.number),
      ),
    ).toEqual([])

    const page = await signedIn(site.server)
    await openInvoice(page, second.number)
    const balance = page.getByRole('region', { name: 'Balance' })
    await poll(() => balance.textContent()).toContain(invoiceMessages.rentStep.arrears)
    expect(await balance.textContent()).toContain(invoiceMessages.rentStep.first)
    expect(await balance.textContent()).toContain(invoiceMessages.rentStep.second)
    await page.goto('/members/rent')
    const arrears = await rentView(page, 'Arrears')
    await poll(() =>
      arrears.getByRole('link', { name: `Invoice ${second.number}`, exact: true }).count(),
    ).toBe(1)
    expect(
      await arrears.getByRole('link', { name: `Invoice ${first.number}`, exact: true }).count(),
    ).toBe(0)
    // Ready to re-let: the plots filter's lapsed (failed or lapsed, occupied, not paid) finds it.
    await page.goto('/members/plots')
    await page.getByPlaceholder('Plot holder nickname').fill('lapsed')
    const lapsed = page.getByRole('list', { name: 'Plots' })
    await poll(() =>
      lapsed.getByRole('link', { name: new RegExp(`^Plot ${second.plot} `) }).count(),
    ).toBe(1)
    // The filter is deferred: the paid plot leaves the list once it has been applied.
    await poll(() =>
      lapsed.getByRole('link', { name: new RegExp(`^Plot ${first.plot} `) }).count(),
    ).toBe(0)
  })
})

// Issue 28: the first rent run of an association trying the app, on 25 November, for a year that
// started on 1 October. The form offers the start of the year the society is in (issue 43: not
// next year's), already past, so the preview says the days to pay count from today and when the
// first reminder may come, and asks before anything is sent; then no reminder comes on the day of
// issue, nor until the days to pay have passed.
describe('a rent year started after its start date', () => {
  const ISSUED = '2026-11-25'
  const DUE = '2026-12-25'
  const FIRST_REMINDER = '2027-01-08'
  // A day on: deadlines fall at 06:00 on their day, and the site restarts at noon (useDemoSite).
  const DAY_AFTER_FIRST_REMINDER = '2027-01-09'
  const site = useDemoSite('rent-late', ISSUED)
  const { smtp } = site

  const signedIn = async (server: TestServer) => {
    const page = await anonymousPage(site.browser, server, PHONE)
    await logIn(page, 'demo-committee', 'demo-password')
    await poll(() => new URL(page.url()).pathname).toBe('/members/plotholders')
    await page.goto('/members/rent')
    await poll(() => headingOf(page)).toBe('Rent')
    return page
  }
  const invoiceMails = () => smtp.received.filter((mail) => INVOICE.test(mail.subject))
  const reminderMails = () => smtp.received.filter((mail) => REMINDER.test(mail.subject))
  const yearInvoices = async (page: Page) => {
    const [year] = (await (await page.request.get('/api/rent/years')).json()) as Array<{
      id: number
    }>
    return (await (
      await page.request.get(`/api/rent/years/${year!.id}/invoices`)
    ).json()) as Array<{
      issuedOn: string
      dueDate: string
      steps: unknown[]
    }>
  }
  // No job to wait for when nothing is due: a few of the runner's polls (300 ms) go by.
  const runnerPolls = () => new Promise((resolve) => setTimeout(resolve, 2_000))
  const noReminders = async (page: Page) => {
    await runnerPolls()
    expect(reminderMails()).toEqual([])
    expect((await yearInvoices(page)).flatMap((invoice) => invoice.steps)).toEqual([])
    await page.goto('/members/rent')
    const due = page.getByRole('region', { name: 'Due today' })
    await poll(() => due.textContent()).toContain(rentMessages.nothingDueToday)
  }

  it('offers the start of the year the society is in, and says what a past start sends and when', async () => {
    const page = await signedIn(site.server)
    const startField = field(page, 'Rent year starts')
    const browserToday = await page.evaluate(() => {
      const now = new Date()
      const two = (n: number) => String(n).padStart(2, '0')
      return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`
    })
    const year = Number(browserToday.slice(0, 4))
    const thisYears = browserToday >= `${year}-10-01` ? year : year - 1
    expect(await startField.inputValue()).toBe(`${thisYears}-10-01`)

    await startField.fill('2026-10-01')
    await page.getByRole('button', { name: 'Preview invoices' }).click()
    const heading = page.getByRole('heading', {
      name: `Rent year ${LABEL}: due by ${longDate(DUE)}`,
    })
    await poll(() => heading.isVisible()).toBe(true)
    expect(await page.getByText(rentMessages.dueFromToday(DUE)).isVisible()).toBe(true)
    const sending = page.getByText(
      new RegExp(
        `^Starting the year sends .+ now; no reminders before ${longDate(FIRST_REMINDER)}\\.$`,
      ),
    )
    expect(await sending.isVisible()).toBe(true)

    // The way back sends nothing and asks again next time.
    await page.getByRole('button', { name: 'Start rent year' }).click()
    const confirm = page.getByRole('group', { name: /^Start the rent year 2026\/27 and send / })
    await poll(() => confirm.isVisible()).toBe(true)
    await expectNoAxeViolations(page)
    await confirm.getByRole('button', { name: 'Back' }).click()
    await poll(() => confirm.count()).toBe(0)
    expect(invoiceMails()).toEqual([])
    expect(await (await page.request.get('/api/rent/years')).json()).toEqual([])

    await page.getByRole('button', { name: 'Start rent year' }).click()
    await confirm.getByRole('button', { name: SEND_INVOICES }).click()
    await poll(async () => (await page.getByRole('status').allTextContents()).join(' ')).toContain(
      LABEL,
    )
    const invoices = await yearInvoices(page)
    expect(invoices.length).toBeGreaterThan(1)
    for (const invoice of invoices)
      expect([invoice.issuedOn, invoice.dueDate]).toEqual([ISSUED, DUE])
    await poll(() => invoiceMails().length, 'invoice e-mails arrive').toBeGreaterThan(1)
  })

  it(
    'sends no reminder on the day of issue, and none before the days to pay have passed',
    async () => {
      const page = await signedIn(site.server)
      await noReminders(page)
      // Nothing is overdue the day it is issued.
      const arrears = await rentView(page, 'Arrears')
      await poll(() => arrears.textContent()).toContain(rentMessages.noArrears)

      // The day before the first reminder: the days to pay are over, and still no reminder.
      await site.restartOn('2027-01-07')
      await noReminders(await signedIn(site.server))

      // Once its day has come, the first reminders go, as the preview said.
      await site.restartOn(DAY_AFTER_FIRST_REMINDER)
      await poll(() => reminderMails().length, 'first reminders').toBeGreaterThan(0)
      for (const { subject } of reminderMails())
        expect(subject).toBe(
          rentMessages.rentReminderSubject('first', Number(/\d+/.exec(subject)?.[0])),
        )
    },
    RESTART_TIMEOUT,
  )
})
