import { describe, expect, it } from 'vitest'
import {
  chooseOfferee,
  nextInLine,
  nextStillWantDate,
  offerAnswerable,
  offerDeadline,
  offerExpiresOn,
} from '#shared/domain/letting'
import { offerMessages } from '#shared/messages/offers'

// The pure rules of letting: who is next, who an offer passes over, and the dates.

const list = [
  { id: 'ann', position: 1, hasOpenOffer: true },
  { id: 'bob', position: 2, hasOpenOffer: false },
  { id: 'cat', position: 3, hasOpenOffer: false },
  { id: 'dan', position: 4, hasOpenOffer: false },
]

describe('letting rules', () => {
  it('finds the first person in order not already considering an offer', () => {
    expect(nextInLine(list)?.id).toBe('bob')
    expect(nextInLine(list.map((p) => ({ ...p, hasOpenOffer: true })))).toBeUndefined()
  })

  it('lets the next in line be chosen without a reason, and anyone else only with one', () => {
    expect(chooseOfferee(list, 'bob', '')).toEqual({
      ok: true,
      value: { chosen: list[1], skipped: [] },
    })
    expect(chooseOfferee(list, 'dan', ' ')).toEqual({
      ok: false,
      message: offerMessages.reasonRequired,
    })
    expect(chooseOfferee(list, 'dan', 'Lives next door')).toEqual({
      ok: true,
      value: { chosen: list[3], skipped: [list[1], list[2]] },
    })
    expect(chooseOfferee(list, 'zed', 'Any')).toEqual({
      ok: false,
      message: offerMessages.notOnList,
    })
  })

  it('keeps an offer open to the end of its deadline day and closes it the next', () => {
    expect(offerDeadline('2026-12-25', 14)).toBe('2027-01-08')
    expect(offerAnswerable({ status: 'open', deadline: '2027-01-08' }, '2027-01-08')).toBe(true)
    expect(offerAnswerable({ status: 'open', deadline: '2027-01-08' }, '2027-01-09')).toBe(false)
    expect(offerAnswerable({ status: 'declined', deadline: '2027-01-08' }, '2027-01-01')).toBe(
      false,
    )
    expect(offerExpiresOn('2027-01-08')).toBe('2027-01-09')
  })

  it('asks the list next on the settings day, this year or the next, and never when unset', () => {
    expect(nextStillWantDate('2026-11-25', '12-01')).toBe('2026-12-01')
    expect(nextStillWantDate('2026-11-25', '11-25')).toBe('2026-11-25')
    expect(nextStillWantDate('2026-11-25', '03-01')).toBe('2027-03-01')
    expect(nextStillWantDate('2026-11-25', '')).toBeUndefined()
  })
})
