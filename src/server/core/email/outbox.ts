import fs from 'node:fs/promises'
import path from 'node:path'

/** Deletes the outbox's copies of the e-mails named (by reference), where there are any. */
export async function forgetOutboxFiles(outboxDir: string, references: readonly string[]) {
  for (const reference of references)
    await fs.rm(path.join(outboxDir, `${reference}.eml`), { force: true })
}
