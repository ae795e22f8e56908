// Keys and fobs (issue 48, item 4, decision 64): a site's keys by number and kind, and who has
// held each. A key is held by one person at a time, from the day it was handed over until it
// comes back or is lost; its history is every holding, the latest first.

export const KEY_KINDS = ['gate', 'shed', 'toilet', 'store'] as const
export type KeyKind = (typeof KEY_KINDS)[number]

export const KEY_OUTCOMES = ['returned', 'lost'] as const
export type KeyOutcome = (typeof KEY_OUTCOMES)[number]

/** A number or label compared as people read it: "g12" and "G12 " are one key. */
export const sameKeyNumber = (a: string, b: string) =>
  a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * Why a holding may not end on `date`, if it may not: before the day it was handed over, or after
 * London's `today`.
 */
export function endDateRefusal(
  handedOn: string,
  date: string,
  today: string,
): 'beforeHandedOver' | 'inFuture' | undefined {
  if (date > today) return 'inFuture'
  if (date < handedOn) return 'beforeHandedOver'
  return undefined
}
