import { feePence } from '#shared/domain/money'
import { comparePlotIds } from '#shared/domain/plots'
import { fullName, type Addressee } from '#shared/domain/message-copies'
import { peopleMessages } from '#shared/messages/people'
import { plotMessages } from '#shared/messages/plots'
import type { Audience } from '#shared/schemas/messages'
import type { ReadTx } from '#server/core/db/write-transaction'
import { badRequest, forbidden, notFound } from '#server/core/errors'
import { contactDetails, sitesOf, tenantNames } from '#server/features/people/sql'
import { placesOfEveryone } from '#server/features/people/waiting-places-sql'
import { listPlots } from '#server/features/plots/sql'
import { latestNoticeByPerson } from '#server/features/rent/rate-raises-sql'
import { owedByPayer } from '#server/features/rent/sql'
import { requireSite } from '#server/features/sites/sql'
import {
  EVERY_SITE,
  requireEverySite,
  requireSiteInScope,
  seesSite,
  type SiteScope,
} from '#server/core/site-scope'

// The people a message goes to, with what its merge fields need: their plots, what they owe (the
// rent ledger's balance once there is a rent year; before that, the fees of unpaid plots), and
// their place on the waiting list.
// People, plots and the ledger are read through their features' own queries.
// Issue 46 (decision 50): a group may be one site's plot holders, and a viewer limited to some
// sites writes only to the people of those sites: the whole organisation's plot holders, another
// site's group or plot, or anyone their sites do not reach, is refused (403).

type Plots = Awaited<ReturnType<typeof listPlots>>

// Nicknames, each once, in the order first met.
const tenantsOf = (plots: Plots) => [...new Set(plots.flatMap((plot) => plot.tenants))]

async function peopleOf(tx: ReadTx, audience: Audience, plots: Plots, scope: SiteScope) {
  switch (audience.kind) {
    case 'plotholders': {
      const { siteId } = audience
      if (siteId === undefined) {
        requireEverySite(scope)
        return contactDetails(tx, audience.kind)
      }
      await requireSite(tx, siteId)
      requireSiteInScope(scope, siteId)
      return contactDetails(tx, tenantsOf(plots.filter((plot) => plot.siteId === siteId)))
    }
    case 'waitinglist':
      return contactDetails(tx, audience.kind)
    case 'plot': {
      const plot = plots.find((candidate) => candidate.id === audience.plotId)
      if (!plot) throw notFound(plotMessages.plotMissing(audience.plotId))
      requireSiteInScope(scope, plot.siteId)
      return contactDetails(tx, plot.tenants)
    }
    case 'unpaid':
      return contactDetails(
        tx,
        tenantsOf(plots.filter((plot) => !plot.paid && seesSite(scope, plot.siteId))),
      )
    case 'people':
      return contactDetails(tx, audience.ids)
  }
}

/**
 * The people of a group, and the sites the message names: the group's site, or else the sites of
 * its people (by people's rule) within the scope.
 */
export interface Addressees {
  people: Addressee[]
  sites: number[]
}

export async function findAddressees(
  tx: ReadTx,
  audience: Audience,
  scope: SiteScope,
): Promise<Addressees> {
  const plots = await listPlots(tx, EVERY_SITE)
  const people = await peopleOf(tx, audience, plots, scope)
  if (audience.kind === 'people') {
    const found = new Set(people.map((person) => person.id))
    const missing = audience.ids.find((id) => !found.has(id))
    if (missing !== undefined) throw badRequest(peopleMessages.personMissing(missing))
  }
  const [owed, names, places, rises] = await Promise.all([
    owedByPayer(tx),
    tenantNames(tx, EVERY_SITE),
    placesOfEveryone(tx),
    latestNoticeByPerson(tx),
  ])
  const nameOf = new Map(names.map((name) => [name.id, fullName(name)]))
  // A plot's fee is its payer's to pay; the others hold it with nothing due on it.
  const plotsOf = new Map<string, { plots: Plots; unpaidFees: number; paidBy: Plots }>()
  for (const plot of plots)
    for (const personId of plot.tenants) {
      const entry = plotsOf.get(personId) ?? { plots: [], unpaidFees: 0, paidBy: [] }
      entry.plots.push(plot)
      if (personId !== plot.payer) entry.paidBy.push(plot)
      else if (!plot.paid) entry.unpaidFees += feePence(plot.fee)
      plotsOf.set(personId, entry)
    }
  // Each person's sites by people's rule (their plots' and their list's), those of the scope.
  const named = new Set<number>()
  for (const person of people) {
    const held = (plotsOf.get(person.id)?.plots ?? []).map((plot) => plot.siteId)
    const reached = sitesOf(held, places.sites.get(person.id) ?? []).filter((id) =>
      seesSite(scope, id),
    )
    if (scope.sites && reached.length === 0) throw forbidden()
    for (const id of reached) named.add(id)
  }
  const addressees = people.map((person) => {
    const held = plotsOf.get(person.id)
    return {
      ...person,
      place: places.first.get(person.id) ?? null,
      plots: namesInOrder(held?.plots ?? []),
      amountDue: owed ? (owed.get(person.id) ?? 0) : (held?.unpaidFees ?? 0),
      paidBy: paidBy(held?.paidBy ?? [], nameOf),
      rentRise: rises.get(person.id) ?? null,
    }
  })
  // A group of one site (its plot holders, a plot's tenants) is that site's message, whatever
  // other sites its people are on.
  const groupSite =
    audience.kind === 'plotholders'
      ? audience.siteId
      : audience.kind === 'plot'
        ? plots.find((plot) => plot.id === audience.plotId)?.siteId
        : undefined
  const sites = groupSite === undefined ? [...named].sort((a, b) => a - b) : [groupSite]
  return { people: addressees, sites }
}

// A person's plots as a letter names them: by name (another site's "1" is keyed "1-2"), in plot
// order.
const namesInOrder = (plots: Plots) =>
  [...plots].sort((a, b) => comparePlotIds(a.id, b.id)).map((plot) => plot.name)

// The plots another pays for, by who pays, each payer once, in plot order.
function paidBy(plots: Plots, nameOf: ReadonlyMap<string, string>) {
  const byPayer = new Map<string, string[]>()
  for (const plot of [...plots].sort((a, b) => comparePlotIds(a.id, b.id)))
    byPayer.set(plot.payer, [...(byPayer.get(plot.payer) ?? []), plot.name])
  return [...byPayer].map(([payer, ids]) => ({
    payerName: nameOf.get(payer) ?? payer,
    plots: ids,
  }))
}
