import { z } from 'zod'
import { statementLayoutSchema, type StatementLayout } from '#shared/schemas/rent'
import type { Db } from '#server/core/db/database'
import { readJsonSetting, writeJsonSetting } from '#server/core/db/settings'
import type { ReadTx } from '#server/core/db/write-transaction'
import { loggedChange } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'

// The statement layouts the committee mapped, kept under their names (the banks'): a statement of
// the same width is read with one next time, as the spreadsheet import keeps its mappings.

const LAYOUTS_KEY = 'statementLayouts'
const storedLayouts = z.array(statementLayoutSchema)

export const savedLayouts = async (tx: ReadTx): Promise<StatementLayout[]> =>
  (await readJsonSetting(tx, LAYOUTS_KEY, storedLayouts)) ?? []

/** Keeps a layout; one of the same name (in any case) is replaced, and is tried first after. */
export function saveLayout(db: Db, viewer: Viewer, layout: StatementLayout) {
  return loggedChange(
    db,
    {
      methodName: 'saveStatementLayout',
      eventCollection: 'settings',
      docId: LAYOUTS_KEY,
      userName: viewer.userName,
    },
    async (tx) => {
      const others = (await savedLayouts(tx)).filter(
        (kept) => kept.name.toLowerCase() !== layout.name.toLowerCase(),
      )
      const layouts = [layout, ...others]
      await writeJsonSetting(tx, LAYOUTS_KEY, storedLayouts, layouts)
      return layouts
    },
    layout,
  )
}
