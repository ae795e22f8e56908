import { currentYearStart, nextYearStart } from '#shared/domain/rent'
import { concessionMessages } from '#shared/messages/concessions'
import type {
  ConcessionEnd,
  ConcessionGrant,
  ConcessionGrantInput,
  ConcessionsEnding,
} from '#shared/schemas/concessions'
import { updateAtVersion } from '#server/core/db/versioned'
import type { ReadTx } from '#server/core/db/write-transaction'
import { badRequest, notFound } from '#server/core/errors'
import { loggedChange, recordKey, type LoggedChange } from '#server/core/logged-change'
import type { SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import { requirePersonInScope } from '#server/features/people/sql'
import { keptKinds } from '#server/features/rent/kinds'
import * as repo from '#server/features/rent/concessions-sql'
import type { Rent } from '#server/features/rent/context'
import { rentSettings } from '#server/features/rent/settings'

// Concessions (issue 47, item 1, decision 57). The administrator keeps the kinds; the committee
// gives them to people, with the evidence seen and an end date, each a logged change of the
// person's sites. Invoices made on a day take off what the grants in force that day give: an
// invoice once made never changes, and nothing is typed again at the renewal.

export const listKinds = ({ db }: Rent) => repo.listKinds(db.kysely)

const kinds = keptKinds({
  table: 'concession_kinds',
  methods: { add: 'addConcessionKind', update: 'updateConcessionKind' },
  insert: repo.insertKind,
  find: repo.findKind,
  missing: concessionMessages.kindMissing,
})
export const addKind = kinds.add
/** A kind changed: the grants of it take off the new terms from the next invoice made. */
export const updateKind = kinds.update

/** A person's grants: 404 for no such person, 403 for one outside the scope. */
export async function personGrants({ db }: Rent, scope: SiteScope, personId: string) {
  await requirePersonInScope(db.kysely, scope, personId)
  return repo.grantsOf(db.kysely, personId)
}

const grantChange = (methodName: string, docId: string, personId: string, viewer: Viewer) => ({
  methodName,
  eventCollection: 'concession_grants',
  docId,
  userName: viewer.userName,
  // Grants to one person are given one at a time.
  alsoLocks: [recordKey('people', personId)],
})

/** A kind given to a person the scope reaches, by the viewer, now. */
export function grantConcession(
  { db, clock }: Rent,
  viewer: Viewer,
  scope: SiteScope,
  personId: string,
  input: ConcessionGrantInput,
): Promise<ConcessionGrant> {
  const change: LoggedChange = grantChange('grantConcession', '', personId, viewer)
  return loggedChange(
    db,
    change,
    async (tx) => {
      const { person } = await requirePersonInScope(tx, scope, personId, { change })
      if (input.plotId !== null && !person.plots.includes(input.plotId))
        throw badRequest(concessionMessages.notTheirPlot(input.plotId))
      if (!(await repo.findKind(tx, input.kindId)))
        throw badRequest(concessionMessages.kindMissing(input.kindId))
      const id = await repo.insertGrant(tx, {
        ...input,
        personId,
        grantedBy: viewer.userName,
        grantedAt: clock.now().toISOString(),
      })
      change.docId = String(id)
      return requireGrant(tx, id)
    },
    { personId, ...input },
  )
}

async function requireGrant(tx: ReadTx, id: number): Promise<ConcessionGrant> {
  const grant = await repo.findGrant(tx, id)
  if (!grant) throw notFound(concessionMessages.grantMissing(id))
  return grant
}

/**
 * A grant's end set (or moved: a renewal on fresh evidence), against the version read; it is in
 * force on the day it ends. Invoices already made keep what they took off.
 */
export function endConcession(
  { db }: Rent,
  viewer: Viewer,
  scope: SiteScope,
  id: number,
  { endsOn, version }: ConcessionEnd,
): Promise<ConcessionGrant> {
  const change: LoggedChange = {
    methodName: 'endConcession',
    eventCollection: 'concession_grants',
    docId: String(id),
    userName: viewer.userName,
  }
  return loggedChange(
    db,
    change,
    async (tx) => {
      const grant = await requireGrant(tx, id)
      await requirePersonInScope(tx, scope, grant.personId, { change })
      if (endsOn < grant.startsOn) throw badRequest(concessionMessages.endBeforeStart)
      await updateAtVersion(tx, 'concession_grants', id, version, { endsOn })
      return requireGrant(tx, id)
    },
    { id, endsOn, version },
  )
}

/**
 * The grants of the people in scope that end in the rent year under way (or have ended in it),
 * before the next starts: those to ask for fresh evidence.
 */
export async function concessionsEnding(
  { db, clock }: Rent,
  scope: SiteScope,
): Promise<ConcessionsEnding> {
  const { yearStart } = await rentSettings(db.kysely)
  const today = clock.today()
  const next = nextYearStart(today, yearStart)
  const from = currentYearStart(today, yearStart)
  const grants = await repo.grantsEnding(db.kysely, scope, from, next)
  return { nextYearStart: next, grants }
}
