import { describe, expect, it } from 'vitest'
import { blankPlot } from '#shared/domain/plots'
import { DEFAULT_RENT_SETTINGS } from '#shared/domain/rent'
import { commonMessages } from '#shared/messages/common'
import { moneyMessages } from '#shared/messages/money'
import { plotMessages } from '#shared/messages/plots'
import { newPlotSchema } from '#shared/schemas/plot'
import { draftOf, settingsOf } from '#client/features/rent/settings-draft.ts'
import { formValues, readPlotForm } from '#client/features/plots/plot-form-values.ts'

// The rent settings form and the plot form read money and areas as the society has them (issue
// 43), and a refusal names the field it is about, for the form to show it there.

describe('the rent settings form', () => {
  const draft = draftOf({
    ...DEFAULT_RENT_SETTINGS,
    chargeBasis: 'area',
    areaUnit: 'rod',
    areaRate: 2569,
    bandFees: { full: 6500, half: 3250, quarter: 0 },
    extras: [],
  })

  it('shows and reads a rate to a hundredth of a penny and band fees in pounds and pence', () => {
    expect([draft.rate, draft.full, draft.half]).toEqual(['0.2569', '65.00', '32.50'])
    expect(settingsOf(draft)).toMatchObject({
      ok: true,
      value: { areaUnit: 'rod', areaRate: 2569, bandFees: { full: 6500, half: 3250, quarter: 0 } },
    })
  })

  it('names the field of each refusal', () => {
    expect(settingsOf({ ...draft, rate: '0.25691' })).toEqual({
      ok: false,
      message: moneyMessages.rateMoney,
      field: 'rate',
    })
    expect(settingsOf({ ...draft, half: '32.555' })).toEqual({
      ok: false,
      message: commonMessages.inputWrongType(
        'Half plot (£)',
        'pounds and pence, such as 32.50, or 0',
      ),
      field: 'half',
    })
    expect(settingsOf({ ...draft, first: '0' })).toMatchObject({ ok: false, field: 'first' })
  })
})

describe('the plot form', () => {
  const values = formValues({ ...blankPlot('7'), area: 253, fee: 32.5 }, 'rod')

  it("shows and reads the area in the society's unit and the fee in pounds and pence", () => {
    expect([values.area, values.fee]).toEqual(['10', '32.50'])
    expect(readPlotForm({ ...values, area: '4.5' }, 'rod', newPlotSchema)).toMatchObject({
      ok: true,
      value: { area: 114, fee: 32.5, sizeBand: null },
    })
  })

  it('names the field of each refusal', () => {
    expect(readPlotForm({ ...values, area: '4.55' }, 'rod', newPlotSchema)).toEqual({
      ok: false,
      message: plotMessages.areaInRods,
      field: 'area',
    })
    expect(readPlotForm({ ...values, fee: '32.555' }, 'rod', newPlotSchema)).toEqual({
      ok: false,
      message: moneyMessages.feeMoney,
      field: 'fee',
    })
  })
})
