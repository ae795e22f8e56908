import { randomUUID } from 'node:crypto'
import {
  categoriesOf,
  keptCategory,
  oldestFirst,
  payeeOf,
  RENT_CATEGORY,
  type BankCategory,
} from '#shared/domain/bank-lines'
import { statementPence } from '#shared/domain/money'
import { yearAccountsMessages as words } from '#shared/messages/year-accounts'
import type {
  BankLines,
  Categorised,
  CategoryChange,
  KeptLines,
  NewCategory,
} from '#shared/schemas/year-accounts'
import type { Db } from '#server/core/db/database'
import type { ReadTx } from '#server/core/db/write-transaction'
import { badRequest, conflict, notFound } from '#server/core/errors'
import type { Upload } from '#server/core/http/read-upload'
import { loggedChange, recordKey } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import {
  applyRule,
  bankLine,
  changedCategories,
  insertBankLines,
  keptLineIds,
  linesBetween,
  nextSeq,
  rememberRule,
  rulesFor,
  saveCategory,
  setCategory,
} from '#server/features/rent/bank-lines-sql'
import type { Ledger } from '#server/features/rent/ledger'
import { recordedStatementLines } from '#server/features/rent/ledger-sql'
import { identifiedLines, readUploadedStatement } from '#server/features/rent/statement'

// Every bank line in its place (issue 47, item 4, decision 59). A statement's lines, in or out,
// are kept once each by the identity the statement import gives them (decision 28), when the
// treasurer keeps them from the statement screen; each takes Rent when a payment was recorded
// from it, else the category the rule for its payee gives, else waits for the treasurer. The
// treasurer's choice is remembered as the payee's rule, and given to the payee's other lines no
// one chose for. Bank lines are the whole organisation's, as its bank account is (decision 48).

// Every write to the bank lines, rules and categories takes this one lock: a line kept, a rule
// learnt and the lines it categorises never cross.
const BANK_LINES = { eventCollection: 'bankLines', docId: 'all' }

/** A statement's line as kept, before its place in the order and its category. */
interface StatementLine {
  lineId: string
  date: string
  amount: number
  reference: string
  payee: string
  balance: number | null
}

/** The statement uploaded again, its lines kept: those kept before are passed over. */
export async function keepLines(
  ledger: Ledger,
  viewer: Viewer,
  upload: Upload,
): Promise<KeptLines> {
  const file = await readUploadedStatement(ledger.db, upload)
  if (file.kind === 'columns') throw badRequest(words.columnsUnknown)
  const { read, lineIds } = identifiedLines(file.lines)
  // A line whose date or amount cannot be read has no place in the accounts.
  const readable = new Map<string, StatementLine>()
  read.forEach((line, index) => {
    if (line.problem !== null) return
    const balance = file.lines[index]!.balance
    readable.set(lineIds[index]!, {
      lineId: lineIds[index]!,
      date: line.date,
      amount: line.amount,
      reference: line.reference,
      payee: payeeOf(line.reference),
      balance: balance?.trim() ? (statementPence(balance) ?? null) : null,
    })
  })
  const lines = oldestFirst([...readable.values()])
  return loggedChange(
    ledger.db,
    { ...BANK_LINES, methodName: 'keepBankLines', userName: viewer.userName },
    async (tx) => {
      const before = await keptLineIds(
        tx,
        lines.map((line) => line.lineId),
      )
      const fresh = lines.filter((line) => !before.has(line.lineId))
      const [recorded, rules, seq] = await Promise.all([
        recordedStatementLines(
          tx,
          fresh.map((line) => line.lineId),
        ),
        rulesFor(
          tx,
          fresh.map((line) => line.payee),
        ),
        nextSeq(tx),
      ])
      const keptAt = ledger.clock.now().toISOString()
      await insertBankLines(
        tx,
        fresh.map((line, index) => ({
          ...line,
          ...keptCategory(recorded.has(line.lineId), rules.get(line.payee)),
          seq: seq + index,
          keptBy: viewer.userName,
          keptAt,
        })),
      )
      return { kept: fresh.length, already: lines.length - fresh.length }
    },
  )
}

export async function bankCategories(tx: ReadTx): Promise<BankCategory[]> {
  return categoriesOf(await changedCategories(tx))
}

/** The lines dated in the period, those not yet categorised first, and how many are which. */
export async function bankLines(db: Db, from: string, to: string): Promise<BankLines> {
  const lines = await linesBetween(db.kysely, from, to)
  const count = (by: string | null) => lines.filter((line) => line.categoryBy === by).length
  return {
    lines,
    counts: {
      lines: lines.length,
      uncategorised: count(null),
      byRule: count('rule'),
      matched: count('matched'),
    },
  }
}

/**
 * The treasurer's category for a line; remembered as the rule for its payee, which categorises
 * the payee's lines no one chose for (and changes those an earlier rule did).
 */
export function categoriseLine(
  ledger: Ledger,
  viewer: Viewer,
  lineId: string,
  categoryKey: string,
): Promise<Categorised> {
  return loggedChange(
    ledger.db,
    {
      methodName: 'categoriseBankLine',
      eventCollection: 'bankLines',
      docId: lineId,
      userName: viewer.userName,
      alsoLocks: [recordKey(BANK_LINES.eventCollection, BANK_LINES.docId)],
    },
    async (tx) => {
      const line = await bankLine(tx, lineId)
      if (!line) throw notFound(words.lineMissing)
      const category = (await bankCategories(tx)).find((c) => c.key === categoryKey)
      if (!category) throw badRequest(words.categoryMissing)
      if (category.retired) throw badRequest(words.categoryRetired)
      await setCategory(tx, lineId, categoryKey, 'treasurer')
      let others = 0
      if (line.payee !== '') {
        await rememberRule(tx, {
          payee: line.payee,
          categoryKey,
          createdBy: viewer.userName,
          createdAt: ledger.clock.now().toISOString(),
        })
        others = await applyRule(tx, line.payee, categoryKey)
      }
      return { line: { ...line, categoryKey, categoryBy: 'treasurer' as const }, others }
    },
    { lineId, categoryKey },
  )
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

function nameFree(categories: readonly BankCategory[], name: string, key?: string) {
  if (categories.some((other) => other.key !== key && sameName(other.name, name)))
    throw conflict(words.categoryNameTaken(name))
}

/** A category the treasurer adds: income or spending, for good. */
export function addCategory(ledger: Ledger, viewer: Viewer, input: NewCategory) {
  const key = `added-${randomUUID()}`
  return loggedChange(
    ledger.db,
    {
      methodName: 'addBankCategory',
      eventCollection: 'bankCategories',
      docId: key,
      userName: viewer.userName,
      alsoLocks: [recordKey(BANK_LINES.eventCollection, BANK_LINES.docId)],
    },
    async (tx) => {
      nameFree(await bankCategories(tx), input.name)
      await saveCategory(tx, {
        key,
        name: input.name,
        kind: input.kind,
        retiredOn: null,
        changedBy: viewer.userName,
        changedAt: ledger.clock.now().toISOString(),
      })
      return bankCategories(tx)
    },
    input,
  )
}

/** A category renamed, retired (no longer offered; its lines keep it) or brought back. */
export function changeCategory(
  ledger: Ledger,
  viewer: Viewer,
  key: string,
  change: CategoryChange,
) {
  return loggedChange(
    ledger.db,
    {
      methodName: 'changeBankCategory',
      eventCollection: 'bankCategories',
      docId: key,
      userName: viewer.userName,
      alsoLocks: [recordKey(BANK_LINES.eventCollection, BANK_LINES.docId)],
    },
    async (tx) => {
      const categories = await bankCategories(tx)
      const category = categories.find((c) => c.key === key)
      if (!category) throw notFound(words.categoryMissing)
      if (key === RENT_CATEGORY && change.retired) throw badRequest(words.rentNotRetired)
      nameFree(categories, change.name, key)
      const now = ledger.clock.now().toISOString()
      await saveCategory(tx, {
        key,
        name: change.name,
        kind: category.kind,
        retiredOn: change.retired ? ledger.clock.today() : null,
        changedBy: viewer.userName,
        changedAt: now,
      })
      return bankCategories(tx)
    },
    { key, ...change },
  )
}
