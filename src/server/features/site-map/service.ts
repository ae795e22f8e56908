import * as plotRules from '#shared/domain/plots'
import { commonMessages } from '#shared/messages/common'
import { siteMapMessages } from '#shared/messages/site-map'
import type { SaveSiteLayout, SiteMap, SiteMapCheck } from '#shared/schemas/site-map'
import type { Db } from '#server/core/db/database'
import { deleteFile, insertFile, readFile } from '#server/core/db/files'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { AppError, badRequest, conflict, notFound } from '#server/core/errors'
import type { Upload } from '#server/core/http/read-upload'
import { loggedChange } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import * as plotsRepo from '#server/features/plots/sql'
import { readDrawing } from '#server/features/site-map/read-drawing'
import {
  findStoredSiteMap,
  findStoredSiteMapHead,
  storeSiteMap,
  type StoredSiteMap,
} from '#server/features/site-map/sql'

// The address names the file, and a new import is a new file: browsers may keep it for good.
const backgroundUrl = (fileId: number) => `/api/site-map/backgrounds/${fileId}`

const shown = ({ layout, backgroundFileId, version }: StoredSiteMap): SiteMap => ({
  layout,
  backgroundUrl: backgroundFileId === null ? null : backgroundUrl(backgroundFileId),
  version,
})

export async function getSiteMap(db: Db): Promise<SiteMap | null> {
  const stored = await findStoredSiteMap(db.kysely)
  return stored ? shown(stored) : null
}

/** The background's bytes, only while it is the current drawing's: no other file is shown. */
export async function readSiteMapBackground(db: Db, fileId: number) {
  const stored = await findStoredSiteMap(db.kysely)
  const file = stored?.backgroundFileId === fileId ? await readFile(db.kysely, fileId) : undefined
  if (!file) throw notFound(siteMapMessages.noSiteMapYet)
  return file
}

const change = (methodName: string, viewer: Viewer) => ({
  methodName,
  eventCollection: 'settings',
  docId: 'site-map',
  userName: viewer.userName,
})

/** The editor's layout replaces the drawn plots and features; an imported background stays. */
export function saveSiteLayout(db: Db, viewer: Viewer, input: SaveSiteLayout): Promise<SiteMap> {
  return loggedChange(
    db,
    change('saveSiteLayout', viewer),
    async (tx) => {
      const current = await findStoredSiteMap(tx)
      if ((current?.version ?? 0) !== input.version) throw conflict(commonMessages.staleVersion)
      const saved = {
        layout: input.layout,
        backgroundFileId: current?.backgroundFileId ?? null,
        version: input.version + 1,
      }
      await storeSiteMap(tx, saved)
      return shown(saved)
    },
    input,
  )
}

// An import replaces the whole drawing. The file is read and checked before the write
// transaction, so a large drawing does not hold the other writers up, and in a worker thread
// (read-drawing.ts), so that it does not hold up anyone's request.
export async function importDrawing(db: Db, viewer: Viewer, upload: Upload): Promise<SiteMap> {
  if (upload.tooLarge) throw new AppError(413, siteMapMessages.drawingTooLarge)
  if (!upload.file || upload.file.bytes.length === 0)
    throw badRequest(siteMapMessages.chooseDrawing)
  const text = new TextDecoder('utf-8', { fatal: false }).decode(upload.file.bytes)
  const { layout, background } = await readDrawing(text)
  const fileName = upload.file.fileName
  return loggedChange(
    db,
    change('importSiteDrawing', viewer),
    async (tx) => {
      const current = await findStoredSiteMapHead(tx)
      const backgroundFileId = await insertFile(tx, {
        name: fileName,
        contentType: 'image/svg+xml',
        bytes: Buffer.from(background),
      })
      if (current?.backgroundFileId) await deleteFile(tx, current.backgroundFileId)
      const saved = { layout, backgroundFileId, version: (current?.version ?? 0) + 1 }
      await storeSiteMap(tx, saved)
      return shown(saved)
    },
    { fileName, plots: layout.plots.length },
  )
}

async function readCheck(tx: ReadTx): Promise<SiteMapCheck> {
  const [stored, names] = await Promise.all([findStoredSiteMap(tx), plotsRepo.plotNames(tx)])
  const drawn = stored?.layout.plots.map((plot) => plot.id) ?? []
  const recorded = new Set(names.map((name) => name.toLowerCase()))
  const drawnKeys = new Set(drawn.map((name) => name.toLowerCase()))
  return {
    drawnWithoutRecord: drawn.filter((name) => !recorded.has(name.toLowerCase())),
    recordsNotDrawn: names.filter((name) => !drawnKeys.has(name.toLowerCase())),
  }
}

export const checkSiteMap = (db: Db) => readCheck(db.kysely)

// One action for the whole drawing; each plot made is logged on its own, as the form's would be.
export function createPlotsFromMap(db: Db, viewer: Viewer) {
  return loggedChange(db, change('createPlotsFromMap', viewer), async (tx: WriteTx, log) => {
    if (!(await findStoredSiteMap(tx))) throw conflict(siteMapMessages.noSiteMapYetAdmin)
    const { drawnWithoutRecord } = await readCheck(tx)
    if (!drawnWithoutRecord.length) throw conflict(siteMapMessages.everyDrawnPlotRecorded)
    for (const id of drawnWithoutRecord) {
      const plot = await plotsRepo.insertPlot(tx, { ...plotRules.blankPlot(id), occupied: false })
      log(
        {
          methodName: 'createPlot',
          eventCollection: 'plots',
          docId: id,
          userName: viewer.userName,
        },
        plot,
      )
    }
    return { created: drawnWithoutRecord }
  })
}
