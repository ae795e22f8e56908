import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext, Page } from 'playwright-core'
import { extractText, getDocumentProxy } from 'unpdf'
import { penceText } from '#shared/domain/money'
import { yearAccountsMessages as words } from '#shared/messages/year-accounts'
import { BANK_STATEMENTS, type Payment } from '#tests/helpers/bank-statements'
import { apiAs, expectUsable, signedInPage } from '#tests/helpers/browser'
import {
  field,
  PHONE,
  poll,
  statusTexts,
  today,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

// Issue 47, items 4 and 5, as the treasurer does it: a statement with the water bill kept for the
// accounts; the water bill categorised once, and the next one by the rule it taught; then the
// year's receipts and payments account opened as the AGM's PDF and read back. At 1280 px and on a
// phone, with axe, no sideways scrolling and tap targets of 44 px.

const LAPTOP = { width: 1280, height: 800 }
const year = today().slice(0, 4)
const lloyds = BANK_STATEMENTS['Lloyds or Halifax']!
const october: Payment[] = [
  { date: `${year}-01-05`, pence: -8123, reference: 'WESSEX WATER DD 40171234' },
  { date: `${year}-01-06`, pence: 2500, reference: 'DONATION FROM FRIENDS' },
]
const november: Payment[] = [
  { date: `${year}-02-05`, pence: -8200, reference: 'WESSEX WATER DD 40175678' },
]

describe('the treasurer’s year-end', () => {
  const suite = useServerAndBrowser()
  let admin: APIRequestContext
  beforeAll(async () => {
    admin = await apiAs(suite.server, 'fixtures', 4)
  })
  afterAll(async () => {
    await admin?.dispose()
  })

  async function keepStatement(page: Page, payments: Payment[], name: string) {
    await page.goto('/members/rent')
    const importer = page.getByRole('region', { name: 'Import a bank statement' })
    await importer.getByLabel('Bank statement (CSV, OFX or QIF)').setInputFiles({
      name,
      mimeType: 'text/csv',
      buffer: lloyds(payments),
    })
    await importer.getByRole('button', { name: 'Check statement' }).click()
    const keep = importer.getByRole('button', { name: 'Keep lines for the accounts' })
    await poll(() => keep.isVisible()).toBe(true)
    await keep.click()
    await poll(async () => (await statusTexts(page)).join(' ')).toContain(
      words.linesKept(payments.length, 0),
    )
  }

  it('keeps a statement’s lines, and categorises the next water bill by the rule the first taught', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'treasurer',
      level: 3,
      viewport: LAPTOP,
    })
    await keepStatement(page, october, 'january.csv')
    await page.getByRole('link', { name: 'Bank lines' }).first().click()
    const water = field(page, 'Category of WESSEX WATER DD 40171234')
    await poll(() => water.isVisible()).toBe(true)
    await expect(page.getByText(words.counts(2, 2, 0, 0)).isVisible()).resolves.toBe(true)
    await expectUsable(page)
    await water.selectOption({ label: 'Water bill' })
    await poll(async () => (await statusTexts(page)).join(' ')).toContain(
      words.categorised('Water bill', 0),
    )

    await keepStatement(page, november, 'february.csv')
    await page.goto('/members/rent/bank-lines')
    const later = field(page, 'Category of WESSEX WATER DD 40175678')
    await poll(() => later.isVisible()).toBe(true)
    expect(await later.locator('option:checked').textContent()).toBe('Water bill')
    await expect(page.getByText(words.counts(3, 1, 1, 0)).isVisible()).resolves.toBe(true)
    const note = page.getByRole('row').filter({ has: later }).getByText(words.byRule)
    await expect(note.isVisible()).resolves.toBe(true)
    await expectUsable(page)
  })

  it('shows the receipts and payments account on a phone, and opens it as a PDF the AGM reads', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'treasurer',
      level: 3,
      viewport: PHONE,
    })
    await page.goto('/members/rent/bank-lines')
    await poll(() => field(page, 'Category of DONATION FROM FRIENDS').isVisible()).toBe(true)
    await expectUsable(page)
    await field(page, 'Category of DONATION FROM FRIENDS').selectOption({ label: 'Donations' })
    await poll(async () => (await statusTexts(page)).join(' ')).toContain(
      words.categorised('Donations', 0),
    )

    await page.goto('/members/rent/accounts')
    const account = page.getByRole('region', { name: words.accountsTitle })
    await poll(() => account.getByText('Water bill').isVisible()).toBe(true)
    expect(await account.getByRole('table', { name: words.payments }).textContent()).toContain(
      penceText(8123 + 8200),
    )
    // Each statement here gives its own running balance from £1,000.00, so the last line's is not
    // the one worked out: the treasurer is told what a difference means.
    expect(await account.getByText(words.differenceHint).isVisible()).toBe(true)
    await expectUsable(page)

    const context = page.context()
    const [tab, response] = await Promise.all([
      context.waitForEvent('page'),
      context.waitForEvent('response', (r) => r.url().includes('/api/rent/accounts.pdf')),
      account.getByRole('link', { name: 'Open the account (PDF)' }).click(),
    ])
    expect(tab.url()).toContain('/api/rent/accounts.pdf')
    expect(response.headers()['content-type']).toBe('application/pdf')
    // The tab shows it in the browser's viewer; its bytes are read back with the tab's session.
    const bytes = await (await tab.request.get(tab.url())).body()
    const pdf = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
      mergePages: true,
    })
    for (const expected of [
      words.accountsTitle,
      'Donations',
      penceText(2500),
      'Water bill',
      penceText(16_323),
      words.totalPayments,
      words.closingBalance,
    ])
      expect(pdf.text).toContain(expected)
    await tab.close()
  })
})
