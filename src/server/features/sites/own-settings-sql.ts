import type { z } from 'zod'
import { versionedSetting } from '#server/core/db/versioned'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import type { LoggedChange } from '#server/core/logged-change'
import { requireSiteInScope, type SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import { requireSite } from '#server/features/sites/sql'

// Issue 46, decisions 48 and 53: a site may have its own values of some of the organisation's
// settings (rent's rates, how letting offers its plots, how inspections judge them). Each is kept
// beside the organisation's in app_settings, under `<key>:site:<id>`, as `{ <group>, version }`
// edited against its version; the group null (or never saved) means the organisation's. One way
// for every feature: its own values replace the organisation's together, not field by field. The
// feature's change saves inside `loggedChange(db, change(...), (tx) => save(tx, ...))`.

interface OwnSettingsOf<Site extends { version: number }, Organisation> {
  /** The organisation's setting, whose key the sites' are kept under. */
  organisation: { key: string; read: (tx: ReadTx) => Promise<Organisation> }
  /** A site's stored value: its group of own values (nullable) and its version. */
  schema: z.ZodType<Site>
  /** A site's value never saved: no values of its own. */
  unset: () => Omit<Site, 'version'>
  /** The site's own values in its stored value, or null for the organisation's. */
  own: (stored: Site) => Partial<Organisation> | null
  /** The log's method name of a change of a site's value. */
  methodName: string
}

export function siteOwnSettings<Site extends { version: number }, Organisation extends object>(
  of: OwnSettingsOf<Site, Organisation>,
) {
  const stored = (siteId: number) =>
    versionedSetting(`${of.organisation.key}:site:${siteId}`, of.schema, of.unset)

  /** What each site's plots go by: the organisation's settings with the site's own values. */
  async function bySite(
    tx: ReadTx,
    organisation: Organisation,
    siteIds: readonly number[],
  ): Promise<Map<number, Organisation>> {
    const unique = [...new Set(siteIds)]
    const own = await Promise.all(
      unique.map(async (siteId) => of.own(await stored(siteId).read(tx))),
    )
    return new Map(unique.map((siteId, at) => [siteId, { ...organisation, ...own[at] }] as const))
  }

  return {
    bySite,

    /**
     * What one site's plots go by: its own values, else the organisation's. No site (a record whose
     * plot has gone) goes by the organisation's.
     */
    async forSite(tx: ReadTx, siteId: number | undefined): Promise<Organisation> {
      const organisation = await of.organisation.read(tx)
      if (siteId === undefined) return organisation
      return (await bySite(tx, organisation, [siteId])).get(siteId)!
    },

    /** A site's stored value: 404 for no such site, 403 for one outside the scope. */
    async read(tx: ReadTx, scope: SiteScope, siteId: number): Promise<Site> {
      await requireSite(tx, siteId)
      requireSiteInScope(scope, siteId)
      return stored(siteId).read(tx)
    },

    /** The log's change of a site's value, naming the site (its refusals too). */
    change(viewer: Viewer, siteId: number): LoggedChange {
      return {
        methodName: of.methodName,
        eventCollection: 'settings',
        docId: stored(siteId).key,
        userName: viewer.userName,
        sites: [siteId],
      }
    },

    /**
     * A site's own values saved, or cleared (null) to fall back to the organisation's, inside the
     * change's write: 404 for no such site, 403 outside the scope, 409 stale.
     */
    async save(tx: WriteTx, scope: SiteScope, siteId: number, input: Site): Promise<Site> {
      await requireSite(tx, siteId)
      requireSiteInScope(scope, siteId)
      return stored(siteId).save(tx, input)
    },
  }
}
