import { duplicateGroups, postcodeOf } from '#shared/domain/duplicates'
import { normaliseName } from '#shared/domain/person-names'
import { comparePlotIds } from '#shared/domain/plots'
import type { DuplicateGroupAnswer } from '#shared/schemas/people-merge'
import { duplicateCandidates, plotsOf } from '#server/features/people/duplicates-sql'
import type { People } from '#server/features/people/service'

// The duplicates report (issue 46): records that share an e-mail address, or a name and a
// postcode, grouped in one pass over everyone (shared/domain/duplicates.ts), by last name.

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

export async function possibleDuplicates({ db }: People): Promise<DuplicateGroupAnswer[]> {
  const tx = db.kysely
  const sortKey = (person: { firstName: string; lastName: string }) =>
    normaliseName(`${person.lastName.trim()} ${person.firstName.trim()}`)
  const people = (await duplicateCandidates(tx))
    .map((person) => ({ ...person, sortKey: sortKey(person) }))
    .sort((a, b) => compareText(a.sortKey, b.sortKey) || compareText(a.id, b.id))
  const groups = duplicateGroups(people)
  const plots = await plotsOf(tx, [
    ...new Set(groups.flatMap((group) => group.people.map((person) => person.id))),
  ])
  return groups.map(({ reasons, people: members }) => ({
    reasons,
    people: members.map((person) => ({
      id: person.id,
      title: person.title,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      altEmail: person.altEmail,
      postcode: postcodeOf(person.address),
      plots: (plots.get(person.id) ?? []).sort(comparePlotIds),
      isPlotHolder: person.isPlotHolder === 1,
      onWaitingList: person.onWaitingList === 1,
    })),
  }))
}
