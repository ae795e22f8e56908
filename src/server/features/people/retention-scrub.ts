import { forgetOverwritten } from '#server/core/db/forget-overwritten'
import { textScrubber } from '#server/core/db/scrub'
import { loggedWrite } from '#server/core/logged-change'
import {
  LOG_TEXTS_AT_ONCE,
  logTextsBetween,
  logTextsOf,
  newestLogId,
  rewriteLogTexts,
} from '#server/features/logs/sql'
import { ERASED_TABLES } from '#server/features/people/erasure'
import type { Privacy } from '#server/features/people/privacy-context'
import { deletePendingScrubs, pendingScrubs } from '#server/features/people/retention-sql'

// A retention run's erasures each scrub the entries about the person in their own write, and
// leave the rest of the log (a name in another record's entry, an id as a value) to this: one
// reading of the log for them all, beside the association's other writes, which wait only while
// the few entries that change are written, a piece at a time. What to scrub is kept with each erasure, so that a run cut
// short scrubs it when taken up again; it goes once the log is read.

const PIECE = 2000

export async function scrubLogAfterErasures({ db }: Privacy): Promise<void> {
  const pending = await pendingScrubs(db.kysely)
  if (pending.length === 0) return
  const scrub = textScrubber(pending.flatMap((erasure) => erasure.scrubs))
  // Entries written after the erasures cannot name the people they erased.
  const upTo = await newestLogId(db.kysely)
  const changes = (entry: { value: string; error: string }) =>
    scrub(entry.value) !== entry.value || scrub(entry.error) !== entry.error
  // Read beside the writes; only the entries that change are read again, and written, in a write.
  for (let after = 0; after < upTo;) {
    const entries = await logTextsBetween(db.kysely, after, upTo, PIECE)
    const touched = entries.filter(changes).map((entry) => entry.id)
    // One rewrite statement a write, so that the other writes wait no more than a few ms.
    for (let start = 0; start < touched.length; start += LOG_TEXTS_AT_ONCE)
      await loggedWrite(db, [], async (tx) => {
        const again = await logTextsOf(tx, touched.slice(start, start + LOG_TEXTS_AT_ONCE))
        const scrubbed = again.map((entry) => ({
          ...entry,
          value: scrub(entry.value),
          error: scrub(entry.error),
        }))
        await rewriteLogTexts(tx, scrubbed)
      })
    after = entries.at(-1)?.id ?? upTo
  }
  await loggedWrite(db, [], (tx) =>
    deletePendingScrubs(
      tx,
      pending.map((erasure) => erasure.id),
    ),
  )
  await forgetOverwritten(db, [...ERASED_TABLES, 'retention_scrubs'])
}
