import { peopleMessages } from '#shared/messages/people'
import type { Person } from '#shared/schemas/person'
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
    related: [],
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
    related: [{ to: '/members/offers', label: 'Offers' }],
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

export const plotPath = (plotId: string) => `/members/plots/${encodeURIComponent(plotId)}`

export function statusText(person: Person): string {
  if (person.isPlotHolder && person.onWaitingList) return 'Plot holder, also on the waiting list'
  if (person.isPlotHolder) return 'Plot holder'
  if (person.onWaitingList) return 'Waiting list'
  return 'Neither plot holder nor waiting list'
}
