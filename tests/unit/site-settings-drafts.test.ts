import { describe, expect, it } from 'vitest'
import { DEFAULT_INSPECTION_SETTINGS } from '#shared/domain/inspections'
import { DEFAULT_LETTING_SETTINGS } from '#shared/domain/letting'
import * as inspections from '#client/features/inspections/settings-draft.ts'
import * as letting from '#client/features/offers/settings-draft.ts'

// A site's own letting and inspection settings (decision 53) are part of the organisation's
// forms' drafts: read alone for a site's own, and within the whole for the organisation's.

describe("a site's own settings in the settings forms", () => {
  it('reads how plots are offered, alone and within the letting settings', () => {
    const draft = letting.offersDraftOf({ offerDays: 7, declineGoesToEnd: true })
    expect(draft).toEqual({ offerDays: '7', goesToEnd: 'yes' })
    expect(letting.offersOf(draft)).toEqual({
      ok: true,
      value: { offerDays: 7, declineGoesToEnd: true },
    })
    expect(letting.offersOf({ ...draft, offerDays: '0' }).ok).toBe(false)
    const whole = letting.draftOf(DEFAULT_LETTING_SETTINGS)
    expect(letting.settingsOf({ ...whole, ...draft })).toEqual({
      ok: true,
      value: { ...DEFAULT_LETTING_SETTINGS, offerDays: 7, declineGoesToEnd: true },
    })
    expect(letting.settingsOf({ ...whole, offerDays: 'a week' }).ok).toBe(false)
  })

  it('reads the grades and notices, alone and within the inspection settings, letters apart', () => {
    const { letters: _letters, ...standards } = DEFAULT_INSPECTION_SETTINGS
    const draft = inspections.standardsDraftOf(standards)
    expect(draft).not.toHaveProperty('improvementSubject')
    expect(inspections.standardsOf({ ...draft, daysToPutRight: '10' })).toEqual({
      ok: true,
      value: { ...standards, daysToPutRight: 10 },
    })
    expect(inspections.standardsOf({ ...draft, noticeMonths: '13' }).ok).toBe(false)
    const whole = inspections.draftOf(DEFAULT_INSPECTION_SETTINGS)
    expect(inspections.settingsOf(whole)).toEqual({ ok: true, value: DEFAULT_INSPECTION_SETTINGS })
    expect(inspections.settingsOf({ ...whole, repeatYears: '0' }).ok).toBe(false)
  })
})
