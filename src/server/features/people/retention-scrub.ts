import { forgetOverwritten } from '#server/core/db/forget-overwritten'
import {
  newestId,
  rewriteTexts,
  TEXTS_AT_ONCE,
  textsBetween,
  textsOf,
  type AnyTextColumns,
  type TextRow,
} from '#server/core/db/rewrite-texts'
import { textScrubber } from '#server/core/db/scrub'
import { COPY_TEXTS } from '#server/core/email/batches'
import { loggedWrite } from '#server/core/logged-change'
import { LOG_TEXTS } from '#server/features/logs/sql'
import { ERASED_TABLES } from '#server/features/people/erasure'
import type { Privacy } from '#server/features/people/privacy-context'
import { deletePendingScrubs, pendingScrubs } from '#server/features/people/retention-sql'

// A retention run's erasures each scrub the rows about the person in their own write, and leave
// the rest (a name in another record's log entry, an id as a value, a letter to someone else that
// quotes them) to this: one reading of the log and one of the copies of letters and e-mails for
// them all, beside the association's other writes, which wait only while the few rows that change
// are written, a piece at a time. What to scrub is kept with each erasure, so that a run cut short
// scrubs it when taken up again; it goes once both are read.

const PIECE = 2000

export async function scrubLogAfterErasures({ db, copies }: Privacy): Promise<void> {
  const pending = await pendingScrubs(db.kysely)
  if (pending.length === 0) return
  const scrub = textScrubber(pending.flatMap((erasure) => erasure.scrubs))
  await scrubAll(db, LOG_TEXTS, scrub)
  // The outbox's e-mails of the copies that change are written again as they now stand.
  await scrubAll(db, COPY_TEXTS, scrub, (ids) => copies.rewriteOutbox(ids))
  await loggedWrite(db, [], (tx) =>
    deletePendingScrubs(
      tx,
      pending.map((erasure) => erasure.id),
    ),
  )
  await forgetOverwritten(db, [...ERASED_TABLES, 'retention_scrubs'])
}

/** Reads the table in pieces beside the writes; only the rows that change are read again and written. */
async function scrubAll(
  db: Privacy['db'],
  texts: AnyTextColumns,
  scrub: (text: string) => string,
  changed?: (ids: number[]) => Promise<void>,
) {
  const scrubbed = (row: TextRow): TextRow => ({
    id: row.id,
    texts: Object.fromEntries(Object.entries(row.texts).map(([key, text]) => [key, scrub(text)])),
  })
  const changes = (row: TextRow) => Object.values(row.texts).some((text) => scrub(text) !== text)
  // Rows written after the erasures cannot name the people they erased.
  const upTo = await newestId(db.kysely, texts)
  for (let after = 0; after < upTo;) {
    const rows = await textsBetween(db.kysely, texts, after, upTo, PIECE)
    const touched = rows.filter(changes).map((row) => row.id)
    // One rewrite statement a write, so that the other writes wait no more than a few ms.
    for (let start = 0; start < touched.length; start += TEXTS_AT_ONCE) {
      const some = touched.slice(start, start + TEXTS_AT_ONCE)
      await loggedWrite(db, [], async (tx) =>
        rewriteTexts(tx, texts, (await textsOf(tx, texts, some)).map(scrubbed)),
      )
      await changed?.(some)
    }
    after = rows.at(-1)?.id ?? upTo
  }
}
