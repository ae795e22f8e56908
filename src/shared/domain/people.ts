import { peopleMessages } from '#shared/messages/people'
import type { Person } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'
import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { comparePlotIds, removeTenant } from '#shared/domain/plots'
import { isBlank } from '#shared/domain/text'
import { nameKeys, normaliseName as normalise } from '#shared/domain/person-names'

// Functions take today as YYYY-MM-DD instead of reading the clock, so they stay pure.

export function blankPerson(id: string, onWaitingList: boolean, today: string): Person {
  return {
    id,
    title: '',
    firstName: '',
    lastName: '',
    dateJoined: today,
    joinedWaitingList: today,
    joinedWaitingListAt: '',
    waitingListEntry: 0,
    address: '',
    phoneNumber: '',
    email: '',
    altEmail: '',
    contactBy: 'email',
    concession: false,
    notes: '',
    reference: '',
    plots: [],
    isPlotHolder: !onWaitingList,
    onWaitingList,
    version: 1,
  }
}

// The spec's "first plot" sets dateJoined: the day someone becomes a plot holder. A plot holder
// between plots keeps theirs (issue 43: removing and re-adding Arjun, to change who paid, set his
// 5 April 2019 to the day of the change).
export function addPlotToPerson(person: Person, plotId: string, today: string): Person {
  if (person.plots.includes(plotId)) return person
  return {
    ...person,
    plots: [...person.plots, plotId].sort(comparePlotIds),
    isPlotHolder: true,
    dateJoined: person.isPlotHolder ? person.dateJoined : today,
  }
}

// The spec only clears isPlotHolder for someone on the waiting list; a plotholder who gives up
// their last plot stays a plotholder until moved.
export function removePlotFromPerson(person: Person, plotId: string): Person {
  if (!person.plots.includes(plotId)) return person
  const plots = person.plots.filter((id) => id !== plotId)
  const isPlotHolder = plots.length === 0 && person.onWaitingList ? false : person.isPlotHolder
  return { ...person, plots, isPlotHolder }
}

export function moveToWaitingList(person: Person, today: string): Outcome<Person> {
  if (person.plots.length > 0) return refuse(peopleMessages.personHasPlots)
  return ok({ ...person, onWaitingList: true, isPlotHolder: false, joinedWaitingList: today })
}

export function moveToPlotholders(person: Person): Outcome<Person> {
  if (person.plots.length === 0) return refuse(peopleMessages.personHasNoPlot)
  return ok({ ...person, isPlotHolder: true, onWaitingList: false })
}

// The caller deletes the person; this gives back the plots that must lose them as a tenant.
export function deletePerson(person: Person, plots: readonly Plot[]): { plots: Plot[] } {
  return {
    plots: plots
      .filter((plot) => plot.tenants.includes(person.id))
      .map((plot) => removeTenant(plot, person.id)),
  }
}

const nicknameLetters = (text: string) =>
  Array.from(
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{Nd}]/gu, ''),
  )

/**
 * The nickname proposed for someone new: their first name and the initial of their last name, in
 * lower case, letters and digits only ("Zoë O'Neill" gives "zoëo"); '' when the name has none.
 * At most 30 characters, so that a number making it unique keeps it within the 40 allowed.
 */
export function proposedNickname(firstName: string, lastName: string): string {
  const letters = [...nicknameLetters(firstName), ...nicknameLetters(lastName).slice(0, 1)]
  return letters.slice(0, 30).join('')
}

/** The nickname tried at the nth go when the proposal is taken: itself, then with 2, 3, … after it. */
export function numberedNickname(base: string, n: number): string {
  return n === 1 ? base : `${base}${n}`
}

type FilterablePerson = Pick<Person, 'id' | 'firstName' | 'lastName' | 'phoneNumber'>

function withoutSpaces(text: string): string {
  return text.replace(/\s+/g, '')
}

interface SearchKeys {
  /** 'first last' and 'last first', lower case, runs of spaces as one. */
  names: [string, string]
  nickname: string
  phone: string
}

function searchKeys(person: FilterablePerson): SearchKeys {
  return {
    names: nameKeys(person),
    nickname: person.id.toLowerCase(),
    phone: withoutSpaces(person.phoneNumber),
  }
}

// Spec section 5: names first; only when no name matches, nicknames; then phone numbers.
// The keys are worked out once per list, so that each keystroke over 10,000 people only
// compares prefixes.
export function peopleFilter<T extends FilterablePerson>(
  people: readonly T[],
): (prefix: string) => T[] {
  const keys = people.map(searchKeys)
  const matching = (test: (key: SearchKeys) => boolean) =>
    people.filter((_, index) => test(keys[index]!))
  return (prefix) => {
    if (isBlank(prefix)) return [...people]
    // Leading spaces are noise, but a trailing space after a first name narrows to that whole name.
    const wanted = normalise(prefix.trimStart())
    const byName = matching((key) => key.names.some((name) => name.startsWith(wanted)))
    if (byName.length > 0) return byName
    const byNickname = matching((key) => key.nickname.startsWith(wanted))
    if (byNickname.length > 0) return byNickname
    const digits = withoutSpaces(wanted)
    return matching((key) => key.phone.startsWith(digits))
  }
}

export function filterPeople<T extends FilterablePerson>(
  people: readonly T[],
  prefix: string,
): T[] {
  return peopleFilter(people)(prefix)
}
