import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { USUAL_BANK_CATEGORIES } from '#shared/domain/bank-lines'
import { penceText } from '#shared/domain/money'
import { openDatabase } from '#server/core/db/database'
import { migrateToLatest } from '#server/core/db/migrations/index'
import { writeTransaction } from '#server/core/db/write-transaction'
import { accountsFor } from '#server/features/rent/accounts'
import { insertBankLines } from '#server/features/rent/bank-lines-sql'
import { loadAverage, median, onEachEngine, timed } from './bench/seeded-server.ts'

// `npm run bench:accounts`: issue 47's target for the receipts and payments account, on SQLite
// and (with TEST_DATABASE_URL) PostgreSQL: a year of 20,000 bank lines kept (rent, the water bill,
// donations, skip hire…, a tenth not yet categorised, each with the bank's running balance), the
// account computed (each category's money in and out added up by the database, decision 59) in
// under 1 s. The figures are printed so that the run can be checked by hand: receipts less
// payments is the lines' sum, and the closing balance the last line's.

const LINES = Number(process.env.BENCH_LINES ?? 20_000)
const RUNS = 5
const FROM = '2026-10-01'
const TO = '2027-09-30'
const OPENING = 250_000

function linesOfYear() {
  let balance = OPENING
  const day = Date.parse(`${FROM}T00:00:00Z`)
  return Array.from({ length: LINES }, (_, n) => {
    const category = USUAL_BANK_CATEGORIES[n % USUAL_BANK_CATEGORIES.length]!
    const pence = (category.kind === 'income' ? 1 : -1) * (500 + ((n * 7919) % 20_000))
    balance += pence
    const uncategorised = n % 10 === 9
    return {
      lineId: `bench-${n}`,
      date: new Date(day + Math.floor((n * 365) / LINES) * 86_400_000).toISOString().slice(0, 10),
      amount: pence,
      reference: `${category.name.toUpperCase()} ${n}`,
      payee: category.name.toLowerCase(),
      balance,
      seq: n + 1,
      categoryKey: uncategorised ? null : category.key,
      categoryBy: uncategorised ? null : ('treasurer' as const),
      keptBy: 'bench',
      keptAt: new Date().toISOString(),
    }
  })
}

console.log(`== the receipts and payments account of ${LINES.toLocaleString('en-GB')} bank lines`)
const lines = linesOfYear()
const sum = lines.reduce((total, line) => total + line.amount, 0)
let failed = false
await onEachEngine('bench_accounts', async (engine, { DATABASE_URL }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-accounts-'))
  const db = openDatabase({ databaseUrl: DATABASE_URL, dataDir })
  try {
    await migrateToLatest(db)
    await writeTransaction(db, (tx) => insertBankLines(tx, lines))
    const times: number[] = []
    let account = await accountsFor(db, { from: FROM, to: TO })
    for (let run = 0; run < RUNS; run++) {
      const [result, ms] = await timed(() => accountsFor(db, { from: FROM, to: TO }))
      account = result
      times.push(ms)
    }
    const slowest = Math.max(...times)
    console.log(
      `${engine}: median ${median(times).toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms of ${RUNS} (target under 1,000 ms). ${loadAverage()}`,
    )
    for (const row of [...account.receipts, ...account.payments])
      console.log(`  ${row.name.padEnd(22)} ${penceText(row.amount).padStart(14)}`)
    console.log(
      `  receipts ${penceText(account.totalReceipts)}, payments ${penceText(account.totalPayments)}; opening ${penceText(account.opening ?? 0)} (${account.openingSource}), closing ${penceText(account.closing ?? 0)}, statement ${penceText(account.statementClosing ?? 0)}, difference ${penceText(account.difference ?? 0)}; ${account.uncategorised.toLocaleString('en-GB')} not yet categorised`,
    )
    const addsUp = account.totalReceipts - account.totalPayments === sum && account.difference === 0
    if (!addsUp || slowest >= 1000) failed = true
    console.log(`  adds up to the lines: ${addsUp ? 'yes' : 'NO'}`)
  } finally {
    await db.destroy()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})
if (failed) process.exitCode = 1
