// A key as a member and the committee name it (decision 64), apart from the committee's words so
// that My allotment carries only these.

import { longDate } from '#shared/domain/dates'
import type { KeyKind } from '#shared/domain/keys'

const KIND_NAMES: Record<KeyKind, string> = {
  gate: 'Gate',
  shed: 'Shed',
  toilet: 'Toilet',
  store: 'Store',
}

export const keyWords = {
  kindNames: KIND_NAMES,
  summary: (kind: KeyKind, number: string) => `${KIND_NAMES[kind]} key ${number}`,
  since: (date: string) => `since ${longDate(date)}`,
  // My allotment.
  myKeysHeading: 'Your keys',
  myNoKeys: 'You hold no keys.',
}
