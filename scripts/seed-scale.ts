import { openStore } from '#server/app'
import { loadConfig } from '#server/config'
import { generateSeed, scaleOptions } from './seed/generate.ts'
import {
  createDemoAccounts,
  DatabaseNotEmptyError,
  DEMO_PASSWORD,
  isEmpty,
  writeSeed,
} from './seed/write.ts'

// `npm run seed:scale`: the council-sized data set the benchmarks run on (10,000 people, 2,000
// plots, 100,000 log entries), plus the demo accounts so that a benchmark can sign in. Unlike the
// demo, refusing a non-empty database is a failure here: a benchmark on mixed data means nothing.

const config = loadConfig()
const { db, auth } = await openStore(config)
const where = config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : config.dataDir

try {
  const started = performance.now()
  // Checked before the accounts are made; writeSeed checks again inside its transaction.
  if (!(await isEmpty(db.kysely))) throw new DatabaseNotEmptyError()
  const accounts = await createDemoAccounts(db, auth)
  const generating = performance.now()
  const data = generateSeed(scaleOptions)
  const generated = performance.now()
  const counts = await writeSeed(db, data)
  const written = performance.now()
  const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(1)
  console.log(
    [
      `Scale data written to ${where}:`,
      `  ${counts.plots} plots, ${counts.people} people, ${counts.tenancies} tenancies, ${counts.logs} log entries.`,
      `  generated in ${seconds(generating, generated)} s, written in ${seconds(generated, written)} s, ` +
        `${seconds(started, performance.now())} s in all.`,
      `Accounts created (password '${DEMO_PASSWORD}'): ${accounts.join(', ') || 'none, all existed'}.`,
    ].join('\n'),
  )
} catch (error) {
  if (!(error instanceof DatabaseNotEmptyError)) throw error
  console.error(
    `${error.message} Nothing was changed in ${where}; use an empty DATA_DIR or database.`,
  )
  process.exitCode = 1
} finally {
  await db.destroy()
}
