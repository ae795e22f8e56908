import { mergeMessages } from '#shared/messages/merge'
import type { Person } from '#shared/schemas/person'
import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { comparePlotIds } from '#shared/domain/plots'
import { compareWaitingOrder } from '#shared/domain/waiting-order'

// Two records of one person made one (issue 46). The committee chooses which record stays (its
// nickname and account stay) and, for each detail the two hold differently (the reference for
// "Where am I on the list?" among them), which value the record keeps; the rest follows from both: the plots of both, on each list either was
// on, the earlier place on the waiting list (the person applied first then), the earlier day they
// became a plot holder. The screen and the server take the choices from here alike.

/** The details the committee chooses between, in the person form's order. */
export const MERGE_FIELDS = [
  'title',
  'firstName',
  'lastName',
  'address',
  'phoneNumber',
  'email',
  'altEmail',
  'contactBy',
  'concession',
  'notes',
  'reference',
] as const

export type MergeField = (typeof MERGE_FIELDS)[number]
export type MergeFields = Pick<Person, MergeField>
export type MergeOptions = { [F in MergeField]: Array<Person[F]> }

const distinct = <T>(values: readonly T[]): T[] => [...new Set(values)]

/** Both records' notes, the kept record's first, a blank line between. */
export function joinedNotes(kept: string, merged: string): string {
  const notes = distinct([kept.trim(), merged.trim()].filter(Boolean))
  return notes.join('\n\n')
}

/** Every e-mail address of the two records, once each (case aside), the kept record's first. */
function addressesOf(kept: Person, merged: Person): string[] {
  const seen = new Set<string>()
  return [kept.email, kept.altEmail, merged.email, merged.altEmail]
    .map((email) => email.trim())
    .filter((email) => {
      const key = email.toLowerCase()
      if (email === '' || seen.has(key)) return false
      seen.add(key)
      return true
    })
}

/**
 * The values each detail may take in the merged record, the kept record's first. An e-mail
 * address of either record may stand in either place (the other address may also be left empty),
 * and the notes may be either record's or both joined.
 */
export function mergeOptions(kept: Person, merged: Person): MergeOptions {
  const both = <F extends MergeField>(field: F): Array<Person[F]> =>
    distinct([kept[field], merged[field]])
  const addresses = addressesOf(kept, merged)
  return {
    title: both('title'),
    firstName: both('firstName'),
    lastName: both('lastName'),
    address: both('address'),
    phoneNumber: both('phoneNumber'),
    email: addresses.length ? addresses : [''],
    altEmail: distinct([...addresses, '']),
    contactBy: both('contactBy'),
    concession: both('concession'),
    notes: distinct([kept.notes, merged.notes, joinedNotes(kept.notes, merged.notes)]),
    reference: both('reference'),
  }
}

/**
 * The choices a merge starts with: the kept record's details, each one it lacks taken from the
 * other; both records' notes; and an e-mail address of the other record kept as the alternative
 * address while there is room for it.
 */
export function defaultMerge(kept: Person, merged: Person): MergeFields {
  const either = <F extends Exclude<MergeField, 'concession'>>(field: F) =>
    kept[field] || merged[field]
  const email = either('email')
  const altEmail =
    kept.altEmail ||
    addressesOf(kept, merged).find((address) => address.toLowerCase() !== email.toLowerCase()) ||
    ''
  return {
    title: either('title'),
    firstName: either('firstName'),
    lastName: either('lastName'),
    address: either('address'),
    phoneNumber: either('phoneNumber'),
    email,
    altEmail,
    contactBy: kept.contactBy,
    concession: kept.concession,
    notes: joinedNotes(kept.notes, merged.notes),
    reference: kept.reference,
  }
}

/**
 * The details that ask for a choice: those with more than one value to take. The alternative
 * address asks only when there is one besides the address chosen first.
 */
export function fieldsToChoose(options: MergeOptions, chosenEmail: string): MergeField[] {
  return MERGE_FIELDS.filter((field) =>
    field === 'altEmail'
      ? altEmailOptions(options, chosenEmail).length > 1
      : options[field].length > 1,
  )
}

/** The alternative addresses to offer beside the one chosen as the e-mail address. */
export function altEmailOptions(options: MergeOptions, chosenEmail: string): string[] {
  return options.altEmail.filter(
    (address) => address === '' || address.toLowerCase() !== chosenEmail.toLowerCase(),
  )
}

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value)

/** The earlier of the two places on the waiting list: the date, time and order of entry. */
function earlierPlace(kept: Person, merged: Person) {
  const waiting = [kept, merged].filter((person) => person.onWaitingList)
  const [first] = (waiting.length ? waiting : [kept]).sort(compareWaitingOrder)
  return {
    joinedWaitingList: first!.joinedWaitingList,
    joinedWaitingListAt: first!.joinedWaitingListAt,
    waitingListEntry: first!.waitingListEntry,
  }
}

/** The day they became a plot holder: the earlier, of the records that are plot holders. */
function earlierJoining(kept: Person, merged: Person): string {
  const holders = [kept, merged].filter((person) => person.isPlotHolder)
  return (holders.length ? holders : [kept]).map((person) => person.dateJoined).sort()[0]!
}

/**
 * The record the merge leaves, under the kept record's nickname, reference and version: the
 * details chosen (each one of its options, or the merge is refused), the plots of both, on every
 * list either was on, at the earlier place on the waiting list and the earlier Date joined.
 */
export function mergedPerson(kept: Person, merged: Person, chosen: MergeFields): Outcome<Person> {
  if (kept.id === merged.id) return refuse(mergeMessages.sameRecord)
  const options = mergeOptions(kept, merged)
  for (const field of MERGE_FIELDS) {
    const offered = options[field].map(trimmed)
    if (!offered.includes(trimmed(chosen[field])))
      return refuse(mergeMessages.notAnOption(mergeMessages.fieldLabels[field]), field)
  }
  const isPlotHolder = kept.isPlotHolder || merged.isPlotHolder
  return ok({
    ...kept,
    ...chosen,
    ...earlierPlace(kept, merged),
    dateJoined: earlierJoining(kept, merged),
    plots: distinct([...kept.plots, ...merged.plots]).sort(comparePlotIds),
    isPlotHolder,
    onWaitingList: kept.onWaitingList || merged.onWaitingList,
  })
}
