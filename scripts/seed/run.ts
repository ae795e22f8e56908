import { openStore } from '#server/app'
import { loadConfig } from '#server/core/config'
import type { Db } from '#server/core/db/database'
import { createDemoAccounts, DatabaseNotEmptyError, isEmpty } from './write.ts'

export interface SeedRun {
  db: Db
  /** Where the data goes, for the messages: the data folder or the PostgreSQL database. */
  where: string
  /** performance.now() when the run started. */
  started: number
  /** The demo accounts this run created (those that existed already are left as they were). */
  created: string[]
}

/**
 * The opening both seed scripts share: loads the config, opens the store, refuses a database that
 * is not empty and creates the demo accounts, then hands over to `write`. A DatabaseNotEmptyError,
 * found here or inside `write`, goes to `notEmpty`; the store is closed in every case.
 */
export async function runSeed(
  write: (run: SeedRun) => Promise<void>,
  notEmpty: (error: DatabaseNotEmptyError, where: string) => void,
): Promise<void> {
  const config = loadConfig()
  const { db, auth } = await openStore(config)
  const where = config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : config.dataDir

  try {
    const started = performance.now()
    // Checked before the accounts are made; writeSeed checks again inside its transaction.
    if (!(await isEmpty(db.kysely))) throw new DatabaseNotEmptyError()
    const created = await createDemoAccounts(db, auth)
    await write({ db, where, started, created })
  } catch (error) {
    if (!(error instanceof DatabaseNotEmptyError)) throw error
    notEmpty(error, where)
  } finally {
    await db.destroy()
  }
}
