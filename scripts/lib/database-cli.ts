import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig, type Config } from '#server/core/config'
import { migrateAuthTables } from '#server/core/auth/auth'
import { openDatabase, type Db } from '#server/core/db/database'
import { migrateToLatest } from '#server/core/db/migrations/index'

// What backup, restore, export and import share: arguments, opening the database the server
// would open (same environment: DATA_DIR, DATABASE_URL), reading and writing export files.

export function commandLine(usage: string) {
  let parsed
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { replace: { type: 'boolean', default: false } },
    })
  } catch (error) {
    fail(`${(error as Error).message}\nUsage: ${usage}`)
  }
  const [file, ...rest] = parsed.positionals
  if (!file || rest.length > 0) fail(`Usage: ${usage}`)
  return { file: path.resolve(file), given: file, replace: parsed.values.replace ?? false }
}

export function sqliteFile(config: Config) {
  return path.join(config.dataDir, 'allotment.sqlite')
}

export function describeTarget(config: Config) {
  return config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : sqliteFile(config)
}

/** The server's database as it is, for reading: nothing is created or migrated. */
export function openExisting(config: Config): Db {
  if (!config.databaseUrl && !fs.existsSync(sqliteFile(config))) {
    fail(`There is no database at ${sqliteFile(config)} (set DATA_DIR or DATABASE_URL).`)
  }
  return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
}

/**
 * The server's database with every table created (ours and better-auth's), ready to be filled.
 * Unlike openStore this writes no auth secret, which would make the database non-empty: the
 * import brings the association's own secret in app_settings.
 */
export async function openForImport(config: Config): Promise<Db> {
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  await migrateToLatest(db, config.charity.name)
  // better-auth's migrations read only the schema from these options; the secret is unused.
  const secret = config.authSecret ?? 'schema-only-'.padEnd(32, '0')
  await migrateAuthTables({ db, secret, baseURL: config.publicUrl, origins: config.origins })
  return db
}

export function readExport(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (error) {
    fail(`Cannot read ${file} as JSON: ${(error as Error).message}`)
  }
}

export function report(title: string, counts: Record<string, number>, file?: string) {
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0)
  const lines = [title]
  if (file) lines.push(`  file: ${file} (${formatSize(fs.statSync(file).size)})`)
  lines.push(`  ${total} rows in ${Object.keys(counts).length} tables:`)
  for (const [table, count] of Object.entries(counts))
    lines.push(`    ${table.padEnd(16)} ${count}`)
  console.log(lines.join('\n'))
}

function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`
}

export function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

/** Runs a script's body: a known refusal prints its message alone, and the exit code is 1. */
export async function run(main: (config: Config) => Promise<void>) {
  try {
    await main(loadConfig())
  } catch (error) {
    console.error((error as Error).message)
    process.exitCode = 1
  }
}
