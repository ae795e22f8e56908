import { grantsForPlot } from '#shared/domain/concessions'
import { invoiceLines } from '#shared/domain/invoice-lines'
import { raiseTakesEffect } from '#shared/domain/rate-raise'
import type { PersonRaiseNotice, RateRaise, RentRates, RentSettings } from '#shared/schemas/rent'
import type { Clock } from '#server/core/clock'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { unlessRefused } from '#server/core/errors'
import type { Db } from '#server/core/db/database'
import { EVERY_SITE, seesSite, type SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import { listPeople, requirePersonInScope } from '#server/features/people/sql'
import { listPlots } from '#server/features/plots/sql'
import { termsInForce } from '#server/features/rent/concessions-sql'
import { rentYearUnderWay } from '#server/features/rent/sql'
import {
  insertNotices,
  insertRaise,
  latestRaises,
  noticesOfPerson,
  replaceWaitingRaises,
  waitingRaises,
  type RaiseRow,
} from '#server/features/rent/rate-raises-sql'

// Raising a rate with notice (issue 47, item 6, decision 62). The settings keep the rates last
// saved; a raise keeps the rates in force before it and the day it takes effect, so that a rent
// year starting before that day is charged the rates before, and one starting on or after it the
// rates saved. A rate lowered takes effect at once, and replaces a raise still waiting.

/** The rates of a settings value, without the rest of the settings. */
export const ratesOf = (settings: RentRates): RentRates => ({
  chargeBasis: settings.chargeBasis,
  areaRate: settings.areaRate,
  bandFees: { ...settings.bandFees },
  concessionPercent: settings.concessionPercent,
  extras: settings.extras.map((extra) => ({ ...extra })),
})

const sameRates = (a: RentRates | null, b: RentRates | null) =>
  JSON.stringify(a && ratesOf(a)) === JSON.stringify(b && ratesOf(b))

// The rates as a raise left them for a year starting on `day`: those before it if the day comes
// before the raise takes effect.
const before = (raise: RaiseRow | undefined, day: string) =>
  raise && day < raise.takesEffect ? raise.ratesBefore : undefined

/**
 * What each site's plots are charged in a rent year starting on `day`: the organisation's
 * settings, with its rates as they were before a raise that takes effect after `day`, and each
 * site's own rates (decision 48) the same way. `bySite` gives each site's as saved.
 */
export async function ratesOnDay<Settings extends RentSettings>(
  tx: ReadTx,
  settings: Settings,
  siteIds: readonly number[],
  day: string,
  bySite: (
    tx: ReadTx,
    organisation: Settings,
    siteIds: readonly number[],
  ) => Promise<Map<number, Settings>>,
): Promise<{ organisation: Settings; sites: Map<number, Settings> }> {
  const raises = await latestRaises(tx)
  const organisationRaise = raises.find((raise) => raise.siteId === null)
  const organisation: Settings = { ...settings, ...before(organisationRaise, day) }
  const sites = await bySite(tx, organisation, siteIds)
  for (const raise of raises) {
    const rates = raise.siteId !== null && sites.has(raise.siteId) && before(raise, day)
    if (rates) sites.set(raise.siteId!, { ...organisation, ...rates })
  }
  return { organisation, sites }
}

/** A change of the organisation's rates (site null) or a site's, as its save sees it. */
export interface RatesChange {
  siteId: number | null
  /** The rates saved before, and the rates being saved (a site's null: the organisation's). */
  saved: RentRates | null
  asked: RentRates | null
  /** The rates in force today, kept by a raise as those before it. */
  inForce: RentRates
  noticeMonths: number
  takesEffect: string | undefined
}

type ChargedOn = (day: string, siteIds: readonly number[]) => Promise<Map<number, RentSettings>>

/**
 * Inside the save's write, after nothing else: saves the rates, and when they raise the rent of
 * any plot let (its payer's yearly rent, with their concessions in force today, against what it
 * is charged today), keeps the raise from its day with a notice to each of those payers; refused,
 * nothing saved, without a day the notice allows. Rates that raise no tenant's rent (lowered, or
 * raised with nobody yet paying them) take effect at once and replace a raise still waiting, as
 * any rates saved before the first rent year starts do. Rates unchanged (another setting saved)
 * leave any raise as it is.
 */
export async function keepRaise(
  clock: Clock,
  viewer: Viewer,
  tx: WriteTx,
  change: RatesChange,
  save: () => Promise<void>,
  chargedOn: ChargedOn,
): Promise<void> {
  // Before the first rent year the rates are being set up, not raised: nobody has been charged
  // them yet, and they describe the rent the tenancies already pay.
  if (sameRates(change.saved, change.asked) || !(await rentYearUnderWay(tx))) return save()
  const today = clock.today()
  const madeAt = clock.now().toISOString()
  const rent = await rentOfPlots(tx, change.siteId, today)
  const was = rent.amounts(await chargedOn(today, rent.siteIds))
  await save()
  await replaceWaitingRaises(tx, change.siteId, today, madeAt)
  const atOnce = rent.amounts(await chargedOn(today, rent.siteIds))
  if (!rent.plots.some((plot) => atOnce.get(plot.id)! > was.get(plot.id)!)) return
  // With no notice needed, a raise may take effect today without a day asked for.
  const asked = change.takesEffect ?? (change.noticeMonths === 0 ? today : undefined)
  const takesEffect = unlessRefused(raiseTakesEffect(today, change.noticeMonths, asked))
  const raiseId = await insertRaise(tx, {
    siteId: change.siteId,
    ratesBefore: ratesOf(change.inForce),
    ratesAfter: change.asked && ratesOf(change.asked),
    takesEffect,
    noticeMonths: change.noticeMonths,
    madeBy: viewer.userName,
    madeAt,
  })
  const will = rent.amounts(await chargedOn(takesEffect, rent.siteIds))
  await insertNotices(
    tx,
    raiseId,
    rent.plots.flatMap((plot) => {
      const [oldAmount, newAmount] = [was.get(plot.id)!, will.get(plot.id)!]
      return newAmount > oldAmount
        ? [{ personId: plot.payer, plotId: plot.id, oldAmount, newAmount }]
        : []
    }),
  )
}

// The plots let on the rates' sites (every site for the organisation's, whose plots on sites with
// rates of their own come to the same rent before and after), and each plot's yearly rent as its
// payer would be charged it by the rates of its site, with their concessions in force today.
async function rentOfPlots(tx: ReadTx, siteId: number | null, today: string) {
  const plots = (await listPlots(tx, EVERY_SITE)).filter(
    (plot) => plot.occupied && (siteId === null || plot.siteId === siteId),
  )
  const payers = [...new Set(plots.map((plot) => plot.payer))]
  const [people, grants] = await Promise.all([
    plots.length ? listPeople(tx, EVERY_SITE) : [],
    termsInForce(tx, today, payers),
  ])
  const flagged = new Set(people.filter((person) => person.concession).map((person) => person.id))
  return {
    plots,
    siteIds: [...new Set(plots.map((plot) => plot.siteId))],
    amounts: (rates: Map<number, RentSettings>) =>
      new Map(
        plots.map((plot) => {
          const concessions = {
            flag: flagged.has(plot.payer),
            grants: grantsForPlot(grants.get(plot.payer) ?? [], plot.id),
          }
          const lines = invoiceLines(plot, concessions, rates.get(plot.siteId)!)
          return [
            plot.id,
            Math.max(
              0,
              lines.reduce((sum, line) => sum + line.amount, 0),
            ),
          ]
        }),
      ),
  }
}

/**
 * The raises still to take effect, newest first, with the tenants to be told: a site's raises and
 * the organisation's, those the scope's sites see, each with the notices of the scope's plots.
 */
export async function raisesWaiting(
  { db, clock }: { db: Db; clock: Clock },
  scope: SiteScope,
): Promise<RateRaise[]> {
  const tx = db.kysely
  const seen = new Set((await listPlots(tx, scope)).map((plot) => plot.id))
  return waitingRaises(
    tx,
    clock.today(),
    (plotId) => seen.has(plotId),
    (siteId) => seesSite(scope, siteId),
  )
}

/** A person's notices of a rent rise, newest first: a person the scope reaches (403 else). */
export async function personRaiseNotices(
  { db }: { db: Db },
  scope: SiteScope,
  personId: string,
): Promise<PersonRaiseNotice[]> {
  await requirePersonInScope(db.kysely, scope, personId)
  return noticesOfPerson(db.kysely, personId)
}
