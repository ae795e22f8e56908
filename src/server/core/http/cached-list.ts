import { gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ZodType } from 'zod'
import type { Db } from '#server/core/db/database'
import { dataVersion } from '#server/core/db/data-version'

interface Entry {
  version: string
  json: string
  gzip?: Buffer
}

// The whole-collection lists (10,000 people at a council's size) and the pages of the log are
// the same for every caller allowed to see them (or for every caller of a variant the route names:
// the map's plot states by level), and change only when something is written.
// They are built, checked against their response schema (which strips anything not in it) and
// serialised once per data version; every other request costs one indexed read. Browsers
// revalidate with the ETag, except for lists of personal data (people, the log): those are sent
// `no-store`, so that nothing of them stays in a browser's disk cache after signing out, and a
// browser does not revalidate what it did not keep (a client that keeps its copy itself can still
// send If-None-Match and get a 304). The log adds one answer per page and sort asked for, so the least
// recently used beyond MAX_ENTRIES are dropped.
const MAX_ENTRIES = 200

export function createListCache(db: Db) {
  const entries = new Map<string, Entry>()

  async function sendList<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    schema: ZodType<T>,
    load: () => Promise<T>,
    /** Names the answer where callers allowed to see it see it differently (by their level). */
    variant = '',
  ) {
    // Keyed by what the route understood of the query (its validated querystring), not by the raw
    // address: junk parameters and reordered ones neither grow the cache nor miss it. A viewer
    // limited to some sites (issue 46) sees their own answer, never one built for every site.
    const sites = request.viewer?.sites
    if (sites) variant = `${variant}sites-${sites.join('.')}`
    const key = `${request.routeOptions.url} ${JSON.stringify(request.query ?? {})} ${variant}`
    const version = await dataVersion(db)
    let entry = version ? entries.get(key) : undefined
    if (!entry || entry.version !== version) {
      const json = JSON.stringify(schema.parse(await load()))
      entry = { version: version ?? '', json }
    }
    if (version) {
      entries.delete(key)
      entries.set(key, entry)
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!)
    }
    // A browser another account used keeps its copy: a variant's answer is never another's 304.
    const etag = `"${entry.version}${variant && `-${variant}`}"`
    reply
      .header('etag', etag)
      .header(
        'cache-control',
        request.routeOptions.config.personalData ? 'no-store' : 'private, no-cache',
      )
      .header('vary', 'accept-encoding')
    if (version && request.headers['if-none-match'] === etag) return reply.status(304).send()
    reply.type('application/json; charset=utf-8')
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      entry.gzip ??= gzipSync(entry.json, { level: 6 })
      return reply.header('content-encoding', 'gzip').send(entry.gzip)
    }
    return reply.send(entry.json)
  }
  /** How many answers are kept (for the test that junk queries do not grow it). */
  const size = () => entries.size
  return Object.assign(sendList, { size })
}

export type SendList = ReturnType<typeof createListCache>
