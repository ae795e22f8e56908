import { describe, expect, it } from 'vitest'
import { DEFAULT_RENT_SETTINGS } from '#shared/domain/rent'
import * as rent from '#client/features/rent/settings-draft.ts'
import * as letting from '#client/features/offers/settings-draft.ts'

// The settings that ask for a day of the year take it as a day and a month (issue 28): the forms
// keep MM-DD, as the server takes it, and refuse a day that not every year has.

describe('a day of the year in the settings forms', () => {
  it('starts the rent year on the day and month chosen, and refuses 29 February', () => {
    const draft = rent.draftOf({ ...DEFAULT_RENT_SETTINGS, extras: [] })
    expect(draft.yearStart).toBe('10-01')
    const read = rent.settingsOf({ ...draft, yearStart: '04-06' })
    expect(read.ok && read.value.yearStart).toBe('04-06')
    expect(rent.settingsOf({ ...draft, yearStart: '02-29' }).ok).toBe(false)
  })

  it('asks the waiting list on the day chosen, or never, and refuses 30 February', () => {
    const draft = letting.draftOf({
      offerDays: 14,
      declineGoesToEnd: false,
      stillWantDate: '',
      stillWantDays: 28,
      privacyNotice: 'We keep your details.',
      sitesPerApplicant: 3,
      otherPlacesOnAccept: 'end',
    })
    const never = letting.settingsOf(draft)
    expect(never.ok && never.value.stillWantDate).toBe('')
    const march = letting.settingsOf({ ...draft, stillWantDate: '03-01' })
    expect(march.ok && march.value.stillWantDate).toBe('03-01')
    expect(letting.settingsOf({ ...draft, stillWantDate: '02-30' }).ok).toBe(false)
  })
})
