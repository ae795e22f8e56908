import { DEFAULT_RENT_SETTINGS } from '#shared/domain/rent'
import {
  siteRentSettingsSchema,
  storedRentSettingsSchema,
  type RentSettings,
  type SiteRentSettings,
  type SiteRentSettingsInput,
  type StoredRentSettings,
} from '#shared/schemas/rent'
import type { Clock } from '#server/core/clock'
import type { Db } from '#server/core/db/database'
import { versionedSetting } from '#server/core/db/versioned'
import type { ReadTx } from '#server/core/db/write-transaction'
import { loggedChange } from '#server/core/logged-change'
import type { SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import { siteOwnSettings } from '#server/features/sites/own-settings-sql'
import { keepRaise, ratesOnDay } from '#server/features/rent/rate-raises'

// How rent is charged, paid and chased: one JSON value in app_settings, edited by the
// administrator against its version. Version 0 means never saved: the defaults. A site may have
// its own rates beside it (issue 46, decision 48), one value per site kept the same way, under
// the organisation's key and the site's id; without them its plots are charged the organisation's.
// A raise of either takes effect only after notice (decision 62): a year starting before its day
// is charged the rates before it.
const stored = versionedSetting('rent', storedRentSettingsSchema, () => ({
  ...DEFAULT_RENT_SETTINGS,
  extras: [...DEFAULT_RENT_SETTINGS.extras],
}))

export const rentSettings = stored.read

/** A site's own rates (decision 48): read, saved, and charged to its plots. */
const siteRates = siteOwnSettings({
  organisation: stored,
  schema: siteRentSettingsSchema,
  unset: () => ({ rates: null }),
  own: ({ rates }: SiteRentSettings) => rates,
  methodName: 'updateSiteRentSettings',
})

/** What the sites' plots are charged in a rent year starting on `day`, as the settings stand. */
async function chargedOn(tx: ReadTx, day: string, siteIds: readonly number[]) {
  return (await ratesOnDay(tx, await rentSettings(tx), siteIds, day, siteRates.bySite)).sites
}

/**
 * The organisation's: it sets every site's rates that has none of its own. A raise of its rates
 * needs `takesEffect`, no earlier than the notice allows.
 */
export function saveRentSettings(
  { db, clock }: { db: Db; clock: Clock },
  viewer: Viewer,
  input: StoredRentSettings & { takesEffect?: string | undefined },
): Promise<StoredRentSettings> {
  const { takesEffect, ...settings } = input
  return loggedChange(
    db,
    {
      methodName: 'updateRentSettings',
      eventCollection: 'settings',
      docId: stored.key,
      userName: viewer.userName,
    },
    async (tx) => {
      const saved = await rentSettings(tx)
      const today = clock.today()
      const { organisation } = await ratesOnDay(tx, saved, [], today, siteRates.bySite)
      let result: StoredRentSettings | undefined
      await keepRaise(
        clock,
        viewer,
        tx,
        {
          siteId: null,
          saved,
          asked: settings,
          inForce: organisation,
          noticeMonths: settings.raiseNoticeMonths,
          takesEffect,
        },
        async () => {
          result = await stored.save(tx, settings)
        },
        (day, siteIds) => chargedOn(tx, day, siteIds),
      )
      return result!
    },
    input,
  )
}

/** A site's rent settings: 404 for no such site, 403 for one outside the scope. */
export const siteRentSettings = siteRates.read

/**
 * A site's own rates saved, or cleared (null) to fall back to the organisation's. A raise of what
 * its plots are charged needs `takesEffect`, as the organisation's does.
 */
export function saveSiteRentSettings(
  { db, clock }: { db: Db; clock: Clock },
  viewer: Viewer,
  scope: SiteScope,
  siteId: number,
  input: SiteRentSettingsInput,
): Promise<SiteRentSettings> {
  const { takesEffect, ...value } = input
  const change = siteRates.change(viewer, siteId)
  return loggedChange(
    db,
    change,
    async (tx) => {
      const saved = await siteRates.read(tx, scope, siteId)
      const organisation = await rentSettings(tx)
      const { sites } = await ratesOnDay(
        tx,
        organisation,
        [siteId],
        clock.today(),
        siteRates.bySite,
      )
      let result: SiteRentSettings | undefined
      await keepRaise(
        clock,
        viewer,
        tx,
        {
          siteId,
          saved: saved.rates,
          asked: value.rates,
          inForce: sites.get(siteId)!,
          noticeMonths: organisation.raiseNoticeMonths,
          takesEffect,
        },
        async () => {
          result = await siteRates.save(tx, scope, siteId, value)
        },
        (day, siteIds) => chargedOn(tx, day, siteIds),
      )
      return result!
    },
    input,
  )
}

/** What a site's plots are charged in the rent year starting on `day`. */
export async function rentSettingsForSiteOn(
  tx: ReadTx,
  siteId: number,
  day: string,
): Promise<RentSettings> {
  return (await chargedOn(tx, day, [siteId])).get(siteId)!
}

/**
 * What each of the sites' plots is charged in the rent year starting on `day`: the organisation's
 * settings with the site's own rates where it has them, each as before a raise not yet in effect
 * on that day. One read per site, inside the caller's write (a year's start).
 */
export function rulesBySite(
  tx: ReadTx,
  settings: StoredRentSettings,
  siteIds: readonly number[],
  day: string,
): Promise<Map<number, StoredRentSettings>> {
  return ratesOnDay(tx, settings, siteIds, day, siteRates.bySite).then(({ sites }) => sites)
}
