import { z } from 'zod'
import { siteLayoutSchema } from '#shared/schemas/site-map'
import { readJsonSetting, writeJsonSetting } from '#server/core/db/settings'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// app_settings keeps the drawing as data; an imported background's bytes are in the files table.
const SITE_MAP_KEY = 'siteMap'

const storedSiteMap = z.object({
  layout: siteLayoutSchema,
  backgroundFileId: z.int().nullable(),
  version: z.int().min(1),
})

export type StoredSiteMap = z.infer<typeof storedSiteMap>

export const findStoredSiteMap = (tx: ReadTx) => readJsonSetting(tx, SITE_MAP_KEY, storedSiteMap)

// What replacing the drawing needs of the one kept, its background and version, without checking
// its thousands of plots again on the server's one thread.
const storedSiteMapHead = storedSiteMap.extend({ layout: z.unknown() })

export const findStoredSiteMapHead = (tx: ReadTx) =>
  readJsonSetting(tx, SITE_MAP_KEY, storedSiteMapHead)

export const storeSiteMap = (tx: WriteTx, siteMap: StoredSiteMap) =>
  writeJsonSetting(tx, SITE_MAP_KEY, storedSiteMap, siteMap)
