import { comparePlotIds } from '#shared/domain/plots'
import type { Addressee } from '#shared/domain/message-copies'
import { messages } from '#shared/messages'
import type { Audience, SentMessage } from '#shared/schemas/messages'
import type { ReadTx } from '#server/core/db/write-transaction'
import { badRequest, notFound } from '#server/core/errors'
import { owedByPayer } from '#server/features/rent/sql'

// The people a message goes to, with what its merge fields need: their plots, and what they owe
// (the rent ledger's balance once there is a rent year; before that, the fees of unpaid plots).

function peopleOf(tx: ReadTx, audience: Audience) {
  const people = tx
    .selectFrom('people')
    .select(['id', 'firstName', 'lastName', 'email', 'address', 'contactBy'])
  switch (audience.kind) {
    case 'plotholders':
      return people.where('isPlotHolder', '=', 1).orderBy('id').execute()
    case 'waitinglist':
      return people
        .where('onWaitingList', '=', 1)
        .orderBy('joinedWaitingList')
        .orderBy('id')
        .execute()
    case 'plot':
      return people
        .where('id', 'in', (eb) =>
          eb.selectFrom('tenancy').select('personId').where('plotId', '=', audience.plotId),
        )
        .orderBy('id')
        .execute()
    case 'unpaid':
      return people
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('tenancy')
            .innerJoin('plots', 'plots.id', 'tenancy.plotId')
            .select('tenancy.personId')
            .where('plots.paid', '=', 0),
        )
        .orderBy('id')
        .execute()
    case 'people':
      return people.where('id', 'in', audience.ids).orderBy('id').execute()
  }
}

export async function findAddressees(tx: ReadTx, audience: Audience): Promise<Addressee[]> {
  if (audience.kind === 'plot') {
    const plot = await tx
      .selectFrom('plots')
      .select('id')
      .where('id', '=', audience.plotId)
      .executeTakeFirst()
    if (!plot) throw notFound(messages.plotMissing(audience.plotId))
  }
  const people = await peopleOf(tx, audience)
  if (audience.kind === 'people') {
    const found = new Set(people.map((person) => person.id))
    const missing = audience.ids.find((id) => !found.has(id))
    if (missing !== undefined) throw badRequest(messages.personMissing(missing))
  }
  const [tenancies, owed] = await Promise.all([
    tx
      .selectFrom('tenancy')
      .innerJoin('plots', 'plots.id', 'tenancy.plotId')
      .select(['tenancy.personId', 'tenancy.plotId', 'plots.fee', 'plots.paid'])
      .execute(),
    owedByPayer(tx),
  ])
  const plotsOf = new Map<string, { plots: string[]; unpaidFees: number }>()
  for (const { personId, plotId, fee, paid } of tenancies) {
    const entry = plotsOf.get(personId) ?? { plots: [], unpaidFees: 0 }
    entry.plots.push(plotId)
    if (!paid) entry.unpaidFees += Math.round(fee * 100)
    plotsOf.set(personId, entry)
  }
  return people.map((person) => {
    const held = plotsOf.get(person.id)
    return {
      ...person,
      plots: (held?.plots ?? []).sort(comparePlotIds),
      amountDue: owed ? (owed.get(person.id) ?? 0) : (held?.unpaidFees ?? 0),
    }
  })
}

const copyColumns = [
  'id',
  'batchId',
  'personId',
  'channel',
  'recipient',
  'subject',
  'status',
  'attempts',
  'lastError',
  'createdAt',
  'sentAt',
] as const

/** What one person was sent, newest first. */
export function copiesTo(tx: ReadTx, personId: string): Promise<SentMessage[]> {
  return tx
    .selectFrom('messages')
    .select(copyColumns)
    .where('personId', '=', personId)
    .orderBy('id', 'desc')
    .limit(500)
    .execute()
}

/** Every copy of one message, in the order they were made. */
export function copiesOf(tx: ReadTx, batchId: number): Promise<SentMessage[]> {
  return tx
    .selectFrom('messages')
    .select(copyColumns)
    .where('batchId', '=', batchId)
    .orderBy('id')
    .execute()
}
