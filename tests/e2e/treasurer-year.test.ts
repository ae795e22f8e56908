import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { penceText } from '#shared/domain/money'
import { invoiceMessages } from '#shared/messages/invoices'
import { partYearMessages } from '#shared/messages/part-year'
import { plotMessages } from '#shared/messages/plots'
import { rentMessages } from '#shared/messages/rent'
import { tenancyEndMessages } from '#shared/messages/tenancy-end'
import type { Person } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'
import type { Invoice } from '#shared/schemas/rent'
import {
  anonymousPage,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  type TestServer,
} from '#tests/helpers/browser'
import { BANK_STATEMENTS } from '#tests/helpers/bank-statements'
import {
  field,
  giveTenant,
  headingOf,
  LAPTOP,
  logIn,
  makePerson,
  makePlot,
  pathOf,
  PHONE,
  poll,
  RESTART_TIMEOUT,
  statusTexts,
  useDemoSite,
} from '#tests/helpers/e2e-fixtures'

// A treasurer's year on the demo site (issue 43), on a phone and a laptop: a joint plot's payer
// changed on the plot's page, an overpayment read from a bank statement kept as the payer's credit
// and used by their next year's invoice, a plot let in March invoiced for the months left, and a
// tenant leaving with their invoice reduced to the months held. The server's calendar moves on
// twice: to March of the year under way, and to the start of the next.

const FIRST_YEAR = '2026-10-01'
const MARCH = '2027-03-10'
const NEXT_YEAR = '2027-10-01'
/** Months of the year 2026/27 gone by 10 March 2027 (October to February). */
const MONTHS_GONE = 5
const OVER = 625

const PLOT = { joint: 'T43J', credit: 'T43E', leaver: 'T43D', march: 'T43M' }

const PEOPLE = {
  arjun: {
    firstName: 'Arjun',
    lastName: 'Patel',
    dateJoined: '2019-04-05',
    joinedWaitingList: '2018-06-01',
  },
  priya: { firstName: 'Priya', lastName: 'Shah', email: 'priya@example.org' },
  ellison: { firstName: 'Margaret', lastName: 'Ellison', email: 'ellison@example.org' },
  dave: { firstName: 'Dave', lastName: 'Brennan', email: 'dave@example.org' },
  zofia: { firstName: 'Zofia', lastName: 'Nowak', email: 'zofia@example.org' },
}

describe('the treasurer’s year: who pays, credit, and part of a year', () => {
  const site = useDemoSite('treasurer', FIRST_YEAR)
  const { smtp } = site

  // One signed-in page per screen size for the server running now: a restart starts afresh.
  let pagesOf: TestServer | undefined
  let pages = new Map<string, Page>()
  const treasurer = async (viewport: typeof PHONE) => {
    if (pagesOf !== site.server) [pagesOf, pages] = [site.server, new Map()]
    const key = `${viewport.width}`
    let page = pages.get(key)
    if (!page) {
      page = await anonymousPage(site.browser, site.server, viewport)
      await logIn(page, 'demo-committee', 'demo-password')
      await poll(() => pathOf(page!)).toBe('/members/plotholders')
      pages.set(key, page)
    }
    return page
  }

  const yearInvoices = async (page: Page, label: string) => {
    const years = (await (await page.request.get('/api/rent/years')).json()) as Array<{
      id: number
      label: string
    }>
    const year = years.find((one) => one.label === label)!
    expect(year, label).toBeDefined()
    return (await (
      await page.request.get(`/api/rent/years/${year.id}/invoices`)
    ).json()) as Invoice[]
  }
  const invoiceOf = async (page: Page, label: string, plotId: string) => {
    const invoice = (await yearInvoices(page, label)).find((one) => one.plotId === plotId)
    expect(invoice, `${label} invoice of plot ${plotId}`).toBeDefined()
    return invoice!
  }

  const openInvoice = async (page: Page, invoice: Pick<Invoice, 'id' | 'number'>) => {
    await page.goto(`/members/rent/invoices/${invoice.id}`)
    await poll(() => headingOf(page)).toBe(`Invoice ${invoice.number}`)
  }
  /** The Balance section's facts, term and value, as the screen lists them. */
  const balance = async (page: Page) => {
    const facts = page.getByRole('region', { name: 'Balance' }).locator('.rent-facts__row')
    await poll(() => facts.count()).toBeGreaterThan(0)
    return Object.fromEntries(
      await Promise.all(
        (await facts.all()).map(async (row) => [
          await row.locator('dt').textContent(),
          await row.locator('dd').textContent(),
        ]),
      ),
    ) as Record<string, string>
  }
  /** The ledger's rows (entry, amount, reference) of the invoice shown. */
  const entries = async (page: Page) => {
    const table = page.getByRole('table', {
      name: 'Payments and corrections, in the order recorded',
    })
    await table.waitFor()
    return Promise.all(
      (await table.locator('tbody tr').all()).map(async (row) => ({
        kind: await row.getByRole('rowheader').textContent(),
        amount: await row.locator('td[data-label="Amount"]').textContent(),
        reference: await row.locator('td[data-label="Reference"]').textContent(),
      })),
    )
  }

  /** Starts the rent year on the rent page as the committee does, the paid flags dropped. */
  const startYear = async (page: Page, startDate: string, label: string) => {
    await page.goto('/members/rent')
    await poll(() => headingOf(page)).toBe('Rent')
    await field(page, 'Rent year starts').fill(startDate)
    await page.getByRole('button', { name: 'Preview invoices' }).click()
    const start = page.getByRole('button', { name: 'Start rent year' })
    await poll(() => start.isVisible()).toBe(true)
    for (const box of await page.getByRole('checkbox', { name: /^Keep plot .+ as paid$/ }).all())
      await box.uncheck()
    await start.click()
    const confirm = page.getByRole('group', { name: new RegExp(`^Start the rent year ${label}`) })
    await confirm.getByRole('button', { name: /^Send [\d,]+ invoices?$/ }).click()
    await poll(async () => (await statusTexts(page)).join(' ')).toContain(label)
  }

  let creditInvoice: Invoice | undefined

  it('a joint plot’s payer is changed on its page, on a laptop, and its invoice goes to them', async () => {
    const page = await treasurer(LAPTOP)
    // The society as the last secretary left it, made through the API: not the point here.
    await makePerson(page.request, 'arjun43', PEOPLE.arjun)
    for (const [id, person] of [
      ['priya43', PEOPLE.priya],
      ['ellison43', PEOPLE.ellison],
      ['dave43', PEOPLE.dave],
      ['zofia43', PEOPLE.zofia],
    ] as const)
      await makePerson(page.request, id, {
        ...person,
        dateJoined: '2020-03-01',
        joinedWaitingList: '2020-01-01',
      })
    for (const plot of Object.values(PLOT)) await makePlot(page.request, plot)
    await giveTenant(page.request, PLOT.joint, 'arjun43')
    await giveTenant(page.request, PLOT.joint, 'priya43')
    await giveTenant(page.request, PLOT.credit, 'ellison43')
    await giveTenant(page.request, PLOT.leaver, 'dave43')

    await page.goto(`/members/plots/${PLOT.joint}`)
    await poll(() => headingOf(page)).toBe(`Plot ${PLOT.joint}`)
    const whoPays = field(page, 'Who pays')
    // The first tenant added pays, until the committee says otherwise.
    await poll(() => whoPays.inputValue()).toBe('arjun43')
    await poll(() => whoPays.locator('option').allTextContents()).toEqual([
      'Arjun Patel',
      'Priya Shah',
    ])
    await expectNoHorizontalScroll(page)
    await expectNoAxeViolations(page)
    await whoPays.selectOption({ label: 'Priya Shah' })
    await page.getByRole('button', { name: 'Save who pays' }).click()
    // Saved and said so; the choice is there when the page is opened again.
    await poll(() =>
      page.getByText(plotMessages.payerChosen('Priya Shah', PLOT.joint)).isVisible(),
    ).toBe(true)
    const payer = async () =>
      ((await (await page.request.get(`/api/plots/${PLOT.joint}`)).json()) as Plot).payer
    await poll(payer).toBe('priya43')
    await page.reload()
    await poll(() => whoPays.inputValue()).toBe('priya43')
    expect(await page.getByRole('button', { name: 'Save who pays' }).isDisabled()).toBe(true)
    await expectNoAxeViolations(page)
    // Nobody's record changed: Arjun joined in 2019 still.
    const arjun = (await (await page.request.get('/api/people/arjun43')).json()) as Person
    expect(arjun.dateJoined).toBe('2019-04-05')

    await startYear(page, FIRST_YEAR, '2026/27')
    const joint = await invoiceOf(page, '2026/27', PLOT.joint)
    expect([joint.payerId, joint.payerName]).toEqual(['priya43', 'Priya Shah'])
    await poll(
      () =>
        smtp.received.filter(
          (mail) =>
            mail.to.some((to) => to.includes(PEOPLE.priya.email)) &&
            mail.subject === rentMessages.rentInvoiceSubject(joint.number, PLOT.joint, '2026/27'),
        ).length,
      'the invoice e-mail to the new payer',
    ).toBe(1)
  })

  it('an overpayment read from a bank statement on a phone is kept as the payer’s credit', async () => {
    const page = await treasurer(PHONE)
    creditInvoice = await invoiceOf(page, '2026/27', PLOT.credit)
    const owed = creditInvoice.outstanding
    expect(owed).toBeGreaterThan(0)
    const statement = BANK_STATEMENTS.Barclays!([
      {
        date: '2026-10-05',
        pence: owed + OVER,
        reference: `INV-${creditInvoice.number} ELLISON PLOT ${PLOT.credit}`,
        payee: 'M ELLISON',
      },
    ])
    await page.goto('/members/rent')
    await poll(() => headingOf(page)).toBe('Rent')
    const importer = page.getByRole('region', { name: 'Import a bank statement' })
    await importer.getByLabel('Bank statement (CSV, OFX or QIF)').setInputFiles({
      name: 'october.csv',
      mimeType: 'text/csv',
      buffer: statement,
    })
    await importer.getByRole('button', { name: 'Check statement' }).click()
    // Its line 2 (under the heading row) matched by its reference, ticked, and the treasurer told where the rest goes.
    const line = importer.getByLabel('Line 2', { exact: true })
    await poll(() => line.isVisible()).toBe(true)
    expect(await line.isChecked()).toBe(true)
    expect(await importer.getByText(rentMessages.paymentOver(penceText(OVER))).isVisible()).toBe(
      true,
    )
    await expectNoHorizontalScroll(page)
    await importer.getByRole('button', { name: 'Record payments' }).click()
    await poll(async () => (await statusTexts(page)).join(' ')).toContain(
      rentMessages.paymentsRecorded(1),
    )

    await page.goto('/members/plotholders/ellison43')
    await poll(() => field(page, 'Nickname').inputValue()).toBe('ellison43')
    const credit = page.getByText(rentMessages.inCredit(penceText(OVER)))
    await poll(() => credit.isVisible()).toBe(true)
    await expectNoHorizontalScroll(page)
    await expectNoAxeViolations(page)
  })

  it(
    'a plot let in March is invoiced on a phone for the months left',
    async () => {
      await site.restartOn(MARCH)
      const page = await treasurer(PHONE)
      await page.goto(`/members/plots/${PLOT.march}/addTenants`)
      await poll(() => headingOf(page)).toBe(`Tenants of plot ${PLOT.march}`)
      await page.getByLabel('Find a person').fill('zofia43')
      await page.getByRole('button', { name: /^Add zofia43\b/ }).click()
      await poll(async () => (await statusTexts(page)).join(' ')).toContain(
        plotMessages.tenantAdded('zofia43', PLOT.march),
      )

      await page.goto(`/members/plots/${PLOT.march}`)
      await poll(() => headingOf(page)).toBe(`Plot ${PLOT.march}`)
      await page.getByRole('button', { name: partYearMessages.raiseInvoice }).click()
      const raised = page.getByRole('status').filter({ hasText: /^Invoice \d+ raised\.$/ })
      await poll(() => raised.count()).toBe(1)
      const invoice = await invoiceOf(page, '2026/27', PLOT.march)
      expect(await raised.textContent()).toBe(partYearMessages.invoiceRaised(invoice.number))
      expect(invoice.payerId).toBe('zofia43')

      // The same plot for the whole year is Mrs Ellison's: the months left are its twelfths.
      const whole = creditInvoice!.amount
      const months = 12 - MONTHS_GONE
      const part = Math.round((whole * months) / 12)
      await openInvoice(page, invoice)
      const rows = page.getByRole('table', { name: 'What the invoice charges' }).getByRole('row')
      const cells = await Promise.all(
        (await rows.all()).map((row) => row.getByRole('cell').allTextContents()),
      )
      expect(cells).toContainEqual([partYearMessages.partYearLine(months), penceText(part - whole)])
      expect(invoice.amount).toBe(part)
      expect(await rows.last().textContent()).toBe(
        `${invoiceMessages.invoiceFacts.total}${penceText(part)}`,
      )
      await expectNoHorizontalScroll(page)
    },
    RESTART_TIMEOUT,
  )

  it('a tenant leaving on a laptop has their invoice reduced to the months held', async () => {
    const page = await treasurer(LAPTOP)
    const invoice = await invoiceOf(page, '2026/27', PLOT.leaver)
    expect(invoice.outstanding).toBe(invoice.amount)
    await page.goto(`/members/plots/${PLOT.leaver}/addTenants`)
    await poll(() => headingOf(page)).toBe(`Tenants of plot ${PLOT.leaver}`)
    await page.getByRole('button', { name: /^Remove dave43\b/ }).click()
    const question = page.getByRole('form', {
      name: tenancyEndMessages.formLabel('Dave Brennan', PLOT.leaver),
    })
    await poll(() => question.isVisible()).toBe(true)
    // The question about the invoice comes once the plot's invoices are read.
    await poll(() =>
      question
        .getByRole('group', { name: partYearMessages.leavingQuestion(invoice.number) })
        .isVisible(),
    ).toBe(true)
    expect(await question.textContent()).toContain(
      partYearMessages.leaverOwes(
        'Dave Brennan',
        penceText(invoice.amount),
        penceText(invoice.amount),
      ),
    )
    await expectNoHorizontalScroll(page)
    await expectNoAxeViolations(page)
    await question.getByLabel(tenancyEndMessages.reasons.gaveUp).check()
    await question.getByLabel(partYearMessages.leavingChoices.reduce).check()
    const endedOn = await question.getByLabel(tenancyEndMessages.endedOnLabel).inputValue()
    await question.getByRole('button', { name: tenancyEndMessages.endButton }).click()
    await poll(async () => (await statusTexts(page)).join(' ')).toContain(
      tenancyEndMessages.ended('Dave Brennan', PLOT.leaver, endedOn),
    )

    // Held from October to March: six months of twelve.
    const held = MONTHS_GONE + 1
    const kept = Math.round((invoice.amount * held) / 12)
    await openInvoice(page, invoice)
    expect(await entries(page)).toEqual([
      {
        kind: invoiceMessages.entryKind.writeoff,
        amount: penceText(invoice.amount - kept),
        reference: partYearMessages.reducedReference(held, PLOT.leaver, MARCH),
      },
    ])
    expect((await balance(page))[invoiceMessages.invoiceFacts.outstanding]).toBe(penceText(kept))
  })

  it(
    'the next year’s invoice, on a laptop, is reduced by the credit',
    async () => {
      await site.restartOn(NEXT_YEAR)
      const page = await treasurer(LAPTOP)
      await startYear(page, NEXT_YEAR, '2027/28')
      const next = await invoiceOf(page, '2027/28', PLOT.credit)
      expect(next.payerId).toBe('ellison43')
      await openInvoice(page, next)
      const facts = await balance(page)
      expect(facts[invoiceMessages.entryKind.credit]).toBe(penceText(OVER))
      expect(facts[invoiceMessages.invoiceFacts.outstanding]).toBe(penceText(next.amount - OVER))
      expect(await entries(page)).toContainEqual(
        expect.objectContaining({
          kind: invoiceMessages.entryKind.credit,
          amount: penceText(OVER),
          reference: rentMessages.creditBroughtFrom(creditInvoice!.number),
        }),
      )
      // Her e-mail asks for what is left.
      const mail = async () => {
        await poll(
          () =>
            smtp.received.filter(
              (one) =>
                one.to.some((to) => to.includes(PEOPLE.ellison.email)) &&
                one.subject ===
                  rentMessages.rentInvoiceSubject(next.number, PLOT.credit, '2027/28'),
            ).length,
          'the next invoice e-mail',
        ).toBe(1)
        return smtp.received.find((one) => one.subject.startsWith(`Rent invoice ${next.number} `))!
      }
      expect((await mail()).text).toContain(`${penceText(next.amount - OVER)} is due by`)
      // The credit is spent: her page no longer shows any.
      await page.goto('/members/plotholders/ellison43')
      await poll(() => field(page, 'Nickname').inputValue()).toBe('ellison43')
      await page.getByRole('table', { name: 'Rent invoices to this person' }).waitFor()
      expect(await page.getByText(/^In credit: /).count()).toBe(0)
    },
    RESTART_TIMEOUT,
  )
})
