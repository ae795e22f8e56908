import * as plotRules from '#shared/domain/plots'
import { commonMessages } from '#shared/messages/common'
import { siteMapMessages } from '#shared/messages/site-map'
import type { SaveSiteLayout, SiteMap, SiteMapCheck } from '#shared/schemas/site-map'
import type { Db } from '#server/core/db/database'
import { deleteFile, insertFile, readFile } from '#server/core/db/files'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { AppError, badRequest, conflict, notFound } from '#server/core/errors'
import type { Upload } from '#server/core/http/read-upload'
import { loggedChange, type LoggedChange } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import * as plotsRepo from '#server/features/plots/sql'
import { firstOpenSite, requireOpenSite, requireSite } from '#server/features/sites/sql'
import { requireSiteInScope, type SiteScope } from '#server/core/site-scope'
import { readDrawing } from '#server/features/site-map/read-drawing'
import {
  findStoredSiteMap,
  findStoredSiteMapHead,
  storeSiteMap,
  type StoredSiteMap,
} from '#server/features/site-map/sql'

// The address names the file and its site, and a new import is a new file: browsers may keep it
// for good.
const backgroundUrl = (siteId: number, fileId: number) =>
  `/api/site-map/backgrounds/${fileId}?site=${siteId}`

const shown = (siteId: number, { layout, backgroundFileId, version }: StoredSiteMap): SiteMap => ({
  layout,
  backgroundUrl: backgroundFileId === null ? null : backgroundUrl(siteId, backgroundFileId),
  version,
})

/**
 * Whose drawing a request means (decision 49): the site it asks for (`?site=`), which must be in
 * the viewer's scope (403) and exist (404); else the first the viewer sees: the first in use for
 * an account that sees every site, the first of a site representative's.
 */
export async function drawingSite(tx: ReadTx, scope: SiteScope, asked?: number): Promise<number> {
  if (asked !== undefined) {
    requireSiteInScope(scope, asked)
    return (await requireSite(tx, asked)).id
  }
  if (scope.sites) return scope.sites[0]!
  return (await firstOpenSite(tx)).id
}

export async function getSiteMap(db: Db, scope: SiteScope, asked?: number) {
  const siteId = await drawingSite(db.kysely, scope, asked)
  const stored = await findStoredSiteMap(db.kysely, siteId)
  return stored ? shown(siteId, stored) : null
}

/** The background's bytes, only while it is the site's current drawing's: no other file is shown. */
export async function readSiteMapBackground(
  db: Db,
  scope: SiteScope,
  asked: number | undefined,
  fileId: number,
) {
  const siteId = await drawingSite(db.kysely, scope, asked)
  const stored = await findStoredSiteMap(db.kysely, siteId)
  const file = stored?.backgroundFileId === fileId ? await readFile(db.kysely, fileId) : undefined
  if (!file) throw notFound(siteMapMessages.noSiteMapYet)
  return file
}

/** Where a change to a drawing is asked: the viewer's scope and the site asked for, if any. */
export interface DrawingTarget {
  scope: SiteScope
  asked?: number | undefined
}

// A site asked for is named in the entry before the change reads anything, so that a refusal of
// another site's drawing is logged with the site it tried; one not asked for, once it is known.
const change = (methodName: string, viewer: Viewer, { asked }: DrawingTarget): LoggedChange => ({
  methodName,
  eventCollection: 'settings',
  docId: 'site-map',
  userName: viewer.userName,
  ...(asked === undefined ? {} : { sites: [asked] }),
})

async function siteOfChange(tx: ReadTx, entry: LoggedChange, target: DrawingTarget) {
  const siteId = await drawingSite(tx, target.scope, target.asked)
  entry.sites = [siteId]
  return siteId
}

/** The editor's layout replaces the drawn plots and features; an imported background stays. */
export function saveSiteLayout(
  db: Db,
  viewer: Viewer,
  target: DrawingTarget,
  input: SaveSiteLayout,
): Promise<SiteMap> {
  const entry = change('saveSiteLayout', viewer, target)
  return loggedChange(
    db,
    entry,
    async (tx) => {
      const siteId = await siteOfChange(tx, entry, target)
      const current = await findStoredSiteMap(tx, siteId)
      if ((current?.version ?? 0) !== input.version) throw conflict(commonMessages.staleVersion)
      const saved = {
        layout: input.layout,
        backgroundFileId: current?.backgroundFileId ?? null,
        version: input.version + 1,
      }
      await storeSiteMap(tx, siteId, saved)
      return shown(siteId, saved)
    },
    input,
  )
}

// An import replaces the whole drawing. The file is read and checked before the write
// transaction, so a large drawing does not hold the other writers up, and in a worker thread
// (read-drawing.ts), so that it does not hold up anyone's request.
export async function importDrawing(
  db: Db,
  viewer: Viewer,
  target: DrawingTarget,
  upload: Upload,
): Promise<SiteMap> {
  if (upload.tooLarge) throw new AppError(413, siteMapMessages.drawingTooLarge)
  if (!upload.file || upload.file.bytes.length === 0)
    throw badRequest(siteMapMessages.chooseDrawing)
  const text = new TextDecoder('utf-8', { fatal: false }).decode(upload.file.bytes)
  const { layout, background } = await readDrawing(text)
  const fileName = upload.file.fileName
  const entry = change('importSiteDrawing', viewer, target)
  return loggedChange(
    db,
    entry,
    async (tx) => {
      const siteId = await siteOfChange(tx, entry, target)
      const current = await findStoredSiteMapHead(tx, siteId)
      const backgroundFileId = await insertFile(tx, {
        name: fileName,
        contentType: 'image/svg+xml',
        bytes: Buffer.from(background),
      })
      if (current?.backgroundFileId) await deleteFile(tx, current.backgroundFileId)
      const saved = { layout, backgroundFileId, version: (current?.version ?? 0) + 1 }
      await storeSiteMap(tx, siteId, saved)
      return shown(siteId, saved)
    },
    { fileName, plots: layout.plots.length },
  )
}

async function readCheck(tx: ReadTx, siteId: number): Promise<SiteMapCheck> {
  const [stored, names] = await Promise.all([
    findStoredSiteMap(tx, siteId),
    plotsRepo.plotNames(tx, siteId),
  ])
  const drawn = stored?.layout.plots.map((plot) => plot.id) ?? []
  const recorded = new Set(names.map((name) => name.toLowerCase()))
  const drawnKeys = new Set(drawn.map((name) => name.toLowerCase()))
  return {
    drawnWithoutRecord: drawn.filter((name) => !recorded.has(name.toLowerCase())),
    recordsNotDrawn: names.filter((name) => !drawnKeys.has(name.toLowerCase())),
  }
}

export async function checkSiteMap(db: Db, scope: SiteScope, asked?: number) {
  return readCheck(db.kysely, await drawingSite(db.kysely, scope, asked))
}

// One action for the whole drawing; each plot made is logged on its own, as the form's would be.
// The plots go on the drawing's site, which must be in use (a retired site takes no new plot).
export function createPlotsFromMap(db: Db, viewer: Viewer, target: DrawingTarget) {
  const making = {
    ...change('createPlotsFromMap', viewer, target),
    alsoLocks: [plotsRepo.PLOT_KEYS_LOCK],
  }
  return loggedChange(db, making, async (tx: WriteTx, log) => {
    const siteId = await siteOfChange(tx, making, target)
    if (!(await findStoredSiteMap(tx, siteId))) throw conflict(siteMapMessages.noSiteMapYetAdmin)
    const { drawnWithoutRecord } = await readCheck(tx, siteId)
    if (!drawnWithoutRecord.length) throw conflict(siteMapMessages.everyDrawnPlotRecorded)
    const site = await requireOpenSite(tx, siteId)
    for (const name of drawnWithoutRecord) {
      const id = await plotsRepo.freePlotId(tx, name, site.id)
      const plot = await plotsRepo.insertPlot(tx, {
        ...plotRules.blankPlot(id, site.id),
        name,
        occupied: false,
      })
      log(
        {
          methodName: 'createPlot',
          eventCollection: 'plots',
          docId: id,
          userName: viewer.userName,
          sites: [site.id],
        },
        plot,
      )
    }
    return { created: drawnWithoutRecord }
  })
}
