import { payeeWords } from '#shared/domain/bank-lines'
import { penceText } from '#shared/domain/money'
import {
  yearAccounts,
  type AccountRow,
  type ExportFormat,
  type HeldLine,
  type YearAccounts,
} from '#shared/domain/year-accounts'
import { yearAccountsMessages as words } from '#shared/messages/year-accounts'
import type { Opening, Period } from '#shared/schemas/year-accounts'
import type { Config } from '#server/core/config'
import { associationDetails } from '#server/core/db/association-settings'
import type { Db } from '#server/core/db/database'
import { toCsv, type Column } from '#server/core/http/csv'
import { loggedChange } from '#server/core/logged-change'
import { LEFT, MM, newPdf, pdfBytes, WIDTH } from '#server/core/pdf'
import { EVERY_SITE } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import {
  categorySums,
  endLine,
  enterOpening,
  linesInOrder,
  openingEntered,
} from '#server/features/rent/bank-lines-sql'
import { bankCategories } from '#server/features/rent/bank-lines'
import { depositsHeldOn } from '#server/features/rent/deposits-sql'
import type { Ledger } from '#server/features/rent/ledger'

// The receipts and payments account of a financial year (issue 47, item 5, decision 59): any
// period the treasurer chooses by its first and last days (the screen offers the rent year's),
// made of the bank lines kept, added up by category by the database; on screen, as CSV and as a
// PDF for the AGM. The bank balance at the start is the treasurer's, else the statement's where
// its first line gives the balance after it; at the end, the start's plus the receipts less the
// payments, set beside the statement's own where its last line gives one. Beside them, the
// deposits held for others at the year's end (decision 58), by kind: money in the bank that is
// not the society's.

/** The account of the period, with the deposits held at its end. */
export async function accountsFor(db: Db, { from, to }: Period): Promise<YearAccounts> {
  const tx = db.kysely
  const [categories, sums, entered, first, last, deposits] = await Promise.all([
    bankCategories(tx),
    categorySums(tx, from, to),
    openingEntered(tx, from),
    endLine(tx, from, to, 'first'),
    endLine(tx, from, to, 'last'),
    depositsHeldOn(tx, to, EVERY_SITE),
  ])
  const held = new Map<string, HeldLine>()
  for (const deposit of deposits.deposits) {
    const line = held.get(deposit.kindName) ?? {
      label: words.depositsHeld(deposit.kindName),
      amount: 0,
    }
    held.set(deposit.kindName, { ...line, amount: line.amount + deposit.held })
  }
  const fromStatement =
    first && first.balance !== null ? Number(first.balance) - Number(first.amount) : null
  return yearAccounts({
    from,
    to,
    categories,
    sums,
    opening: entered
      ? { balance: Number(entered.balance), source: 'entered' }
      : fromStatement === null
        ? null
        : { balance: fromStatement, source: 'statement' },
    statementClosing: last && last.balance !== null ? Number(last.balance) : null,
    held: [...held.values()],
  })
}

/** The bank balance the treasurer gives for the first day of a financial year. */
export function saveOpening(ledger: Ledger, viewer: Viewer, opening: Opening) {
  return loggedChange(
    ledger.db,
    {
      methodName: 'enterOpeningBalance',
      eventCollection: 'accountOpenings',
      docId: opening.from,
      userName: viewer.userName,
    },
    async (tx) => {
      await enterOpening(tx, {
        startsOn: opening.from,
        balance: opening.balance,
        enteredBy: viewer.userName,
        enteredAt: ledger.clock.now().toISOString(),
      })
      return opening
    },
    opening,
  )
}

/** The account as rows of a statement: a heading, then its items, then its total. */
export function accountRows(accounts: YearAccounts) {
  const rows: Array<{ section: string; item: string; amount: number | null }> = []
  const side = (section: string, items: readonly AccountRow[], total: string, sum: number) => {
    for (const row of items) rows.push({ section, item: row.name, amount: row.amount })
    rows.push({ section, item: total, amount: sum })
  }
  side(words.receipts, accounts.receipts, words.totalReceipts, accounts.totalReceipts)
  side(words.payments, accounts.payments, words.totalPayments, accounts.totalPayments)
  const bank = words.bankSection
  rows.push({
    section: bank,
    item: words.surplus,
    amount: accounts.totalReceipts - accounts.totalPayments,
  })
  rows.push({ section: bank, item: words.openingBalance, amount: accounts.opening })
  rows.push({ section: bank, item: words.closingBalance, amount: accounts.closing })
  if (accounts.statementClosing !== null) {
    rows.push({ section: bank, item: words.statementClosing, amount: accounts.statementClosing })
    rows.push({ section: bank, item: words.difference, amount: accounts.difference })
  }
  if (accounts.held.length > 0)
    side(
      words.heldHeading,
      accounts.held.map((line) => ({ key: null, name: line.label, amount: line.amount })),
      words.totalHeld,
      accounts.totalHeld,
    )
  return rows
}

const ACCOUNT_COLUMNS: Column<ReturnType<typeof accountRows>[number]>[] = [
  { header: 'Section', cell: (row) => row.section },
  { header: 'Item', cell: (row) => row.item },
  {
    header: 'Amount (£)',
    cell: (row) => (row.amount === null ? '' : row.amount / 100),
    decimals: 2,
  },
]

export const accountsCsv = (accounts: YearAccounts) => toCsv(ACCOUNT_COLUMNS, accountRows(accounts))

const AMOUNT_X = LEFT + 120 * MM
const AMOUNT_WIDTH = 50 * MM

/** The account as the AGM reads it: one A4 page, the association's name at the top. */
export async function accountsPdf(
  db: Db,
  config: Config,
  accounts: YearAccounts,
  today: string,
): Promise<Buffer> {
  const association = await associationDetails(db.kysely, config)
  const title = `${words.accountsTitle}, ${words.period(accounts.from, accounts.to)}`
  const doc = newPdf({ title, producer: association.name, margin: 20 * MM })
  doc.addPage()
  doc
    .font('bold')
    .fontSize(15)
    .text(association.name, LEFT, 20 * MM, { width: WIDTH })
  if (association.charityNumber)
    doc.font('regular').fontSize(9).text(`Registered charity ${association.charityNumber}`, LEFT)
  doc.moveDown(0.5)
  doc.font('bold').fontSize(13).text(words.accountsTitle, LEFT, doc.y, { width: WIDTH })
  doc.font('regular').fontSize(11).text(words.period(accounts.from, accounts.to), LEFT)
  doc.moveDown(1)
  const line = (label: string, amount: number | null, bold = false) => {
    const y = doc.y
    doc.font(bold ? 'bold' : 'regular').fontSize(11)
    doc.text(label, LEFT, y, { width: 115 * MM })
    const after = doc.y
    doc.text(amount === null ? '—' : penceText(amount), AMOUNT_X, y, {
      width: AMOUNT_WIDTH,
      align: 'right',
    })
    doc.y = Math.max(after, doc.y) + 2
  }
  let section = ''
  for (const row of accountRows(accounts)) {
    if (row.section !== section) {
      section = row.section
      doc.moveDown(0.6)
      doc.font('bold').fontSize(12).text(section, LEFT, doc.y, { width: WIDTH })
      doc.moveDown(0.2)
    }
    const total = row.item.startsWith('Total') || row.item === words.closingBalance
    line(row.item, row.amount, total)
  }
  doc.moveDown(1.5)
  if (accounts.uncategorised > 0)
    doc.font('regular').fontSize(9).text(words.uncategorisedWarning(accounts.uncategorised), LEFT)
  doc.font('regular').fontSize(9).text(words.madeOn(today), LEFT, doc.y, { width: WIDTH })
  return pdfBytes(doc)
}

export const accountsFileName = (accounts: YearAccounts, ext: string) =>
  `receipts-and-payments-${accounts.from}-to-${accounts.to}.${ext}`

// The bookkeeping packages' bank statement imports, as each documents them (decision 59): the
// day first (dd/mm/yyyy, as UK editions read it), money out below nought, no currency sign and no
// thousands separator.
type Line = Awaited<ReturnType<typeof linesInOrder>>[number]
const dayFirst = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`
const date = (header: string): Column<Line> => ({ header, cell: (line) => dayFirst(line.date) })
const amount = (header: string): Column<Line> => ({
  header,
  cell: (line) => Number(line.amount) / 100,
  decimals: 2,
})
const description: Column<Line> = { header: 'Description', cell: (line) => line.reference }

export const EXPORT_COLUMNS: Record<ExportFormat, Column<Line>[]> = {
  // Xero's CSV bank statement template: *Date, *Amount, Payee, Description, Reference.
  xero: [
    date('*Date'),
    amount('*Amount'),
    { header: 'Payee', cell: (line) => payeeWords(line.reference) },
    description,
    { header: 'Reference', cell: () => '' },
  ],
  // QuickBooks Online's 3-column bank transactions CSV: Date, Description, Amount.
  quickbooks: [date('Date'), description, amount('Amount')],
  // Sage Accounting's bank import CSV: Date, Reference, Description, Amount.
  sage: [
    date('Date'),
    { header: 'Reference', cell: (line) => payeeWords(line.reference) },
    description,
    amount('Amount'),
  ],
}

/** The period's bank lines in a bookkeeping package's import format. */
export async function bankLinesExport(db: Db, { from, to }: Period, format: ExportFormat) {
  return toCsv(EXPORT_COLUMNS[format], await linesInOrder(db.kysely, from, to), { bom: false })
}

export const exportFileName = (format: ExportFormat, { from, to }: Period) =>
  `bank-lines-${format}-${from}-to-${to}.csv`
