import { beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext, Page } from 'playwright-core'
import { addMonths, longDate } from '#shared/domain/dates'
import { instalmentMessages as words } from '#shared/messages/instalments'
import type { Invoice } from '#shared/schemas/rent'
import { apiAs, expectUsable, signedInPage } from '#tests/helpers/browser'
import {
  giveTenant,
  headingOf,
  LAPTOP,
  makePerson,
  makePlot,
  PHONE,
  poll,
  statusTexts,
  today,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

// Issue 47, item 3 (decision 60), as the treasurer does it at a desk and on a phone: Iris's £60
// invoice split into three monthly instalments of £20, a payment of £25 settling the first and
// part of the second, the instalments read back on the invoice page.

describe('an invoice in three instalments', () => {
  const suite = useServerAndBrowser()
  let invoice: Invoice
  beforeAll(async () => {
    const api: APIRequestContext = await apiAs(suite.server, 'fixtures', 4)
    await makePerson(api, 'iris', { firstName: 'Iris', lastName: 'Hale' })
    await makePlot(api, '7', { fee: 60 })
    await giveTenant(api, '7', 'iris')
    const startDate = today()
    const preview = await api.post('/api/rent/years/preview', { data: { startDate } })
    const { sending } = (await preview.json()) as { sending: unknown }
    const started = await api.post('/api/rent/years', { data: { startDate, confirmed: sending } })
    expect(started.status(), await started.text()).toBe(201)
    const { yearId } = (await started.json()) as { yearId: number }
    const listed = (await (await api.get(`/api/rent/years/${yearId}/invoices`)).json()) as Invoice[]
    invoice = listed[0]!
    await api.dispose()
  })

  // Tap targets are a phone's matter: at a desk the menu's links are a mouse's.
  const instalmentRows = (page: Page) =>
    page
      .getByRole('table', { name: words.caption })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader') })
      .allInnerTexts()

  it('splits the invoice into three at a desk, and a payment settles them in order', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'treasurer',
      level: 3,
      viewport: LAPTOP,
    })
    await page.goto(`/members/rent/invoices/${invoice.id}`)
    await poll(() => headingOf(page)).toBe(`Invoice ${invoice.number}`)
    await poll(() => page.getByText(words.notSplit).isVisible()).toBe(true)
    await expectUsable(page)

    const first = addMonths(today(), 1)
    const split = page.getByRole('region', { name: words.splitHeading })
    await split.getByLabel(words.count).fill('3')
    await split.getByLabel(words.firstDue).fill(first)
    await split.getByRole('button', { name: words.splitButton }).click()
    await poll(() => statusTexts(page)).toContain(words.splitSaved)
    await poll(() => instalmentRows(page).then((rows) => rows.length)).toBe(3)
    const dates = [0, 1, 2].map((m) => longDate(addMonths(first, m)))
    expect((await instalmentRows(page)).map((row) => row.split('\t')[0])).toEqual(dates)
    await expectUsable(page)

    const payment = page.getByRole('region', { name: 'Record a payment' })
    await payment.getByLabel('Amount (£)').fill('25.00')
    await payment.getByRole('button', { name: 'Record payment' }).click()
    await poll(() => statusTexts(page)).toContain('Payment recorded.')
    await poll(() => instalmentRows(page)).toEqual([
      `${dates[0]}\t£20.00\t£20.00\t£0.00\t${words.statePaid}`,
      `${dates[1]}\t£20.00\t£5.00\t£15.00\t${words.stateToCome}`,
      `${dates[2]}\t£20.00\t£0.00\t£20.00\t${words.stateToCome}`,
    ])
    // What is left may be split again: the form now offers to change them.
    await poll(() => page.getByRole('heading', { name: words.replaceHeading }).isVisible()).toBe(
      true,
    )
  })

  it('reads the instalments on a phone, and changes them', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'treasurer',
      level: 3,
      viewport: PHONE,
    })
    await page.goto(`/members/rent/invoices/${invoice.id}`)
    const table = page.getByRole('table', { name: words.caption })
    await poll(() => table.getByText('£15.00').isVisible()).toBe(true)
    await expectUsable(page)

    const split = page.getByRole('region', { name: words.replaceHeading })
    await split.getByLabel(words.byAmount).check()
    await split.getByLabel(words.eachAmount).fill('10')
    await split.getByRole('button', { name: words.replaceButton }).click()
    await poll(() => statusTexts(page)).toContain(words.splitSaved)
    // £35 still owed: three of £10 and the last £5.
    await poll(() => instalmentRows(page).then((rows) => rows.length)).toBe(4)
    await expectUsable(page)
  })
})
