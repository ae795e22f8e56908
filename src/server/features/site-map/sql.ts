import { z } from 'zod'
import { siteLayoutSchema } from '#shared/schemas/site-map'
import { anySettingUnder, readJsonSetting, writeJsonSetting } from '#server/core/db/settings'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// app_settings keeps each site's drawing as data, under the site's own key (decision 49; the one
// drawing before it became site 1's, migration 048); an imported background's bytes are in the
// files table.
const SITE_MAP_KEY = 'siteMap:'
const siteMapKey = (siteId: number) => `${SITE_MAP_KEY}${siteId}`

const storedSiteMap = z.object({
  layout: siteLayoutSchema,
  backgroundFileId: z.int().nullable(),
  version: z.int().min(1),
})

export type StoredSiteMap = z.infer<typeof storedSiteMap>

export const findStoredSiteMap = (tx: ReadTx, siteId: number) =>
  readJsonSetting(tx, siteMapKey(siteId), storedSiteMap)

/** Whether any site has a drawing (the first-run steps' "draw the site map"). */
export const anySiteMap = (tx: ReadTx) => anySettingUnder(tx, SITE_MAP_KEY)

// What replacing the drawing needs of the one kept, its background and version, without checking
// its thousands of plots again on the server's one thread.
const storedSiteMapHead = storedSiteMap.extend({ layout: z.unknown() })

export const findStoredSiteMapHead = (tx: ReadTx, siteId: number) =>
  readJsonSetting(tx, siteMapKey(siteId), storedSiteMapHead)

export const storeSiteMap = (tx: WriteTx, siteId: number, siteMap: StoredSiteMap) =>
  writeJsonSetting(tx, siteMapKey(siteId), storedSiteMap, siteMap)
