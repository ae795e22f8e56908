import { z } from 'zod'
import { personSchema } from '#shared/schemas/person'
import { plotSchema } from '#shared/schemas/plot'
import {
  importCountsSchema,
  importKindSchema,
  type ImportCounts,
  type ImportKind,
} from '#shared/schemas/spreadsheet-import'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// import_runs: each import and what it did, so that the last one can be undone.

const made = z.object({ id: z.string(), version: z.int() })
/** What an import did: each record at the version it left it, those it changed as they were. */
export const importRecordsSchema = z.object({
  people: z.array(made),
  plots: z.array(made),
  changedPeople: z.array(z.object({ before: personSchema, version: z.int() })),
  changedPlots: z.array(z.object({ before: plotSchema, version: z.int() })),
  tenancies: z.array(z.object({ plotId: z.string(), personId: z.string() })),
})
export type ImportRecords = z.infer<typeof importRecordsSchema>

export interface ImportRun {
  id: number
  kind: ImportKind
  fileName: string
  createdBy: string
  createdAt: string
  counts: ImportCounts
  records: ImportRecords
  undoneAt: string | null
}

export async function insertImportRun(
  tx: WriteTx,
  run: Omit<ImportRun, 'id' | 'undoneAt'>,
): Promise<number> {
  const row = await tx
    .insertInto('import_runs')
    .values({
      ...run,
      counts: JSON.stringify(run.counts),
      records: JSON.stringify(run.records),
      undoneAt: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** The latest import, undone or not; undefined before the first. */
export async function lastImportRun(tx: ReadTx): Promise<ImportRun | undefined> {
  const row = await tx
    .selectFrom('import_runs')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    ...row,
    kind: importKindSchema.parse(row.kind),
    counts: importCountsSchema.parse(JSON.parse(row.counts)),
    records: importRecordsSchema.parse(JSON.parse(row.records)),
  }
}

export async function markImportUndone(tx: WriteTx, id: number, at: string): Promise<void> {
  await tx.updateTable('import_runs').set({ undoneAt: at }).where('id', '=', id).execute()
}
