import { peopleMessages } from '#shared/messages/people'
import type { Person } from '#shared/schemas/person'
import { titledName } from '#shared/domain/person-names'
import { counted } from '#shared/domain/text'

export type PeopleMode = 'plotholders' | 'waitinglist'

// Every wording that differs between the two lists, so screens never branch on the mode.
export interface ModeText {
  heading: string
  newHeading: string
  listLabel: string
  removeTitle: (id: string) => string
  moveLabel: string
  movedNotice: (id: string) => string
  count: (shown: number, total: number) => string
  joinSortLabel: string
  /** The list's other screens, linked beside Add. */
  related: ReadonlyArray<{ to: string; label: string }>
  belongs: (person: Person) => boolean
}

const number = (n: number) => n.toLocaleString('en-GB')

/** The report of people recorded twice (issue 46), and the merge of two of them. */
export const DUPLICATES_PATH = '/members/duplicates'
export const mergePath = (kept: string, merged: string) =>
  `${DUPLICATES_PATH}/${encodeURIComponent(kept)}/${encodeURIComponent(merged)}`

export const modeText: Record<PeopleMode, ModeText> = {
  plotholders: {
    heading: 'Plot Holders',
    newHeading: 'New plot holder',
    listLabel: 'Plot holders',
    removeTitle: (id) => `Remove ${id} From Plot Holders`,
    moveLabel: 'Move to waiting list',
    movedNotice: peopleMessages.movedToWaitingList,
    count: (shown, total) =>
      shown === total
        ? counted(total, 'plot holder')
        : `${number(shown)} of ${counted(total, 'plot holder')}`,
    joinSortLabel: 'Date joined',
    related: [
      { to: '/members/former-tenants', label: peopleMessages.formerTenantsLink },
      // The report's heading (mergeMessages), spelt here so the lists do without its words.
      { to: DUPLICATES_PATH, label: 'Possible duplicates' },
    ],
    belongs: (person) => person.isPlotHolder,
  },
  waitinglist: {
    heading: 'Waiting List',
    newHeading: 'New waiting list member',
    listLabel: 'Waiting list',
    removeTitle: (id) => `Remove ${id} From Waiting List`,
    moveLabel: 'Move to plot holders',
    movedNotice: peopleMessages.movedToPlotholders,
    count: (shown, total) =>
      shown === total
        ? `${number(total)} on the waiting list`
        : `${number(shown)} of ${number(total)} on the waiting list`,
    joinSortLabel: 'Joined waiting list',
    related: [
      { to: '/members/offers', label: 'Offers' },
      // Messages, started with a letter giving each their own reference and place (issue 44).
      { to: '/members/messages?start=references', label: peopleMessages.sendReferences },
      { to: DUPLICATES_PATH, label: 'Possible duplicates' },
    ],
    belongs: (person) => person.onWaitingList,
  },
}

// Navigation state of the list routes.
export interface PeopleLocationState {
  // Set by the child screens after a save, move or delete, so the outcome is announced.
  notice?: string
  // Set by the Add link: the new-person form takes the focus.
  add?: boolean
}

export const otherMode = (mode: PeopleMode): PeopleMode =>
  mode === 'plotholders' ? 'waitinglist' : 'plotholders'

export const listPath = (mode: PeopleMode) => `/members/${mode}`

// Nicknames may hold spaces and apostrophes; encoded, they survive as one URL segment.
export const personPath = (mode: PeopleMode, id: string) =>
  `${listPath(mode)}/${encodeURIComponent(id)}`

/** The person as the screens name them: "Mrs Margaret Ellison", or the nickname without a name. */
export function displayName(
  person: Pick<Person, 'id' | 'firstName' | 'lastName'> & { title?: string },
): string {
  return titledName(person) || person.id
}

export function statusText(person: Pick<Person, 'isPlotHolder' | 'onWaitingList'>): string {
  if (person.isPlotHolder && person.onWaitingList) return 'Plot holder, also on the waiting list'
  if (person.isPlotHolder) return 'Plot holder'
  if (person.onWaitingList) return 'Waiting list'
  return 'Neither plot holder nor waiting list'
}
