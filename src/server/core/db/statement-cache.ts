import type SQLite from 'better-sqlite3'
import type { SqliteDatabase } from 'kysely'

const MAX_STATEMENTS = 500

// Kysely prepares every query afresh, and on SQLite preparing costs about as much as running
// a small indexed query. The app sends the same few hundred SQL strings over and over, so each
// prepared statement is kept and reused (least recently used dropped past MAX_STATEMENTS).
// A statement still being iterated is busy: that caller gets a fresh one.
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const cached = statements.get(sql)
      if (cached && !cached.busy) {
        statements.delete(sql)
        statements.set(sql, cached)
        return cached
      }
      const statement = sqlite.prepare(sql)
      if (cached) return statement
      if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!)
      statements.set(sql, statement)
      return statement
    },
  }
}
