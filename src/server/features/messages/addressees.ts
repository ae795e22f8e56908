import { feePence } from '#shared/domain/money'
import { comparePlotIds } from '#shared/domain/plots'
import { fullName, type Addressee } from '#shared/domain/message-copies'
import { peopleMessages } from '#shared/messages/people'
import { plotMessages } from '#shared/messages/plots'
import type { Audience } from '#shared/schemas/messages'
import type { ReadTx } from '#server/core/db/write-transaction'
import { badRequest, notFound } from '#server/core/errors'
import { contactDetails, tenantNames } from '#server/features/people/sql'
import { listPlots } from '#server/features/plots/sql'
import { owedByPayer } from '#server/features/rent/sql'

// The people a message goes to, with what its merge fields need: their plots, and what they owe
// (the rent ledger's balance once there is a rent year; before that, the fees of unpaid plots).
// People, plots and the ledger are read through their features' own queries.

type Plots = Awaited<ReturnType<typeof listPlots>>

// Nicknames, each once, in the order first met.
const tenantsOf = (plots: Plots) => [...new Set(plots.flatMap((plot) => plot.tenants))]

function peopleOf(tx: ReadTx, audience: Audience, plots: Plots) {
  switch (audience.kind) {
    case 'plotholders':
    case 'waitinglist':
      return contactDetails(tx, audience.kind)
    case 'plot': {
      const plot = plots.find((candidate) => candidate.id === audience.plotId)
      if (!plot) throw notFound(plotMessages.plotMissing(audience.plotId))
      return contactDetails(tx, plot.tenants)
    }
    case 'unpaid':
      return contactDetails(tx, tenantsOf(plots.filter((plot) => !plot.paid)))
    case 'people':
      return contactDetails(tx, audience.ids)
  }
}

export async function findAddressees(tx: ReadTx, audience: Audience): Promise<Addressee[]> {
  const plots = await listPlots(tx)
  const people = await peopleOf(tx, audience, plots)
  if (audience.kind === 'people') {
    const found = new Set(people.map((person) => person.id))
    const missing = audience.ids.find((id) => !found.has(id))
    if (missing !== undefined) throw badRequest(peopleMessages.personMissing(missing))
  }
  const [owed, names] = await Promise.all([owedByPayer(tx), tenantNames(tx)])
  const nameOf = new Map(names.map((name) => [name.id, fullName(name)]))
  // A plot's fee is its payer's to pay; the others hold it with nothing due on it.
  const plotsOf = new Map<string, { plots: string[]; unpaidFees: number; paidBy: Plots }>()
  for (const plot of plots)
    for (const personId of plot.tenants) {
      const entry = plotsOf.get(personId) ?? { plots: [], unpaidFees: 0, paidBy: [] }
      entry.plots.push(plot.id)
      if (personId !== plot.payer) entry.paidBy.push(plot)
      else if (!plot.paid) entry.unpaidFees += feePence(plot.fee)
      plotsOf.set(personId, entry)
    }
  return people.map((person) => {
    const held = plotsOf.get(person.id)
    return {
      ...person,
      plots: (held?.plots ?? []).sort(comparePlotIds),
      amountDue: owed ? (owed.get(person.id) ?? 0) : (held?.unpaidFees ?? 0),
      paidBy: paidBy(held?.paidBy ?? [], nameOf),
    }
  })
}

// The plots another pays for, by who pays, each payer once, in plot order.
function paidBy(plots: Plots, nameOf: ReadonlyMap<string, string>) {
  const byPayer = new Map<string, string[]>()
  for (const plot of [...plots].sort((a, b) => comparePlotIds(a.id, b.id)))
    byPayer.set(plot.payer, [...(byPayer.get(plot.payer) ?? []), plot.id])
  return [...byPayer].map(([payer, ids]) => ({
    payerName: nameOf.get(payer) ?? payer,
    plots: ids,
  }))
}
