import { describe, it, expect } from 'vitest'
import {
  MAX_TENANTS_PER_PLOT,
  NEW_PLOT_FORM_GRADIENT,
  PLOT_FILTER_MIN_LENGTH,
  addTenant,
  checkPayer,
  blankPlot,
  comparePlotIds,
  filterPlots,
  isOccupied,
  payerOf,
  plotStatus,
  removeTenant,
  statusesSeen,
  statusSeenBy,
} from '#shared/domain/plots'
import { plotMessages } from '#shared/messages/plots'
import type { Plot } from '#shared/schemas/plot'

function plot(id: string, changes: Partial<Plot> = {}): Plot {
  const tenants = changes.tenants ?? []
  return { ...blankPlot(id), occupied: tenants.length > 0, ...changes }
}

describe('constants (spec section 9)', () => {
  it('allows at most 4 tenants per plot and needs 2 characters to filter plots', () => {
    expect(MAX_TENANTS_PER_PLOT).toBe(4)
    expect(PLOT_FILTER_MIN_LENGTH).toBe(2)
  })

  it('starts the new plot form on slope', () => {
    expect(NEW_PLOT_FORM_GRADIENT).toBe('slope')
  })
})

describe('blankPlot', () => {
  it('has the blank defaults of spec section 3', () => {
    expect(blankPlot('12')).toEqual({
      id: '12',
      name: '12',
      siteId: 1,
      description: '',
      area: 100,
      distance: 0,
      fee: 45,
      sizeBand: null,
      gradient: 'flat',
      paid: false,
      showOnGrid: true,
      isNew: false,
      isFailed: false,
      tenants: [],
      payer: '',
      occupied: true,
      version: 1,
    })
  })

  it('is on the site given, named as its key', () => {
    expect(blankPlot('1-2', 2)).toMatchObject({ id: '1-2', name: '1-2', siteId: 2 })
  })
})

describe('comparePlotIds', () => {
  it('puts plot ids in natural order', () => {
    const ids = ['67', '66b', '10', '2', '01', '66', '9']
    expect([...ids].sort(comparePlotIds)).toEqual(['01', '2', '9', '10', '66', '66b', '67'])
  })

  it('gives ids that only differ by leading zeros a fixed order', () => {
    expect(comparePlotIds('01', '1')).not.toBe(0)
    expect(Math.sign(comparePlotIds('01', '1'))).toBe(-Math.sign(comparePlotIds('1', '01')))
  })
})

describe('occupied', () => {
  it('is true when the tenant list is non-empty', () => {
    expect(isOccupied(['ann'])).toBe(true)
    expect(isOccupied([])).toBe(false)
  })
})

describe('addTenant', () => {
  it('adds the tenant, keeps the tenants sorted and marks the plot occupied', () => {
    const result = addTenant(plot('5', { tenants: ['bob', 'dan'] }), 'cat')
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({ tenants: ['bob', 'cat', 'dan'], occupied: true }),
    })
  })

  it('marks an empty plot occupied once it has a tenant', () => {
    const result = addTenant(plot('5'), 'ann')
    expect(result.ok && result.value.occupied).toBe(true)
  })

  it('ignores a tenant who is already there', () => {
    const before = plot('5', { tenants: ['ann'] })
    const result = addTenant(before, 'ann')
    expect(result).toEqual({ ok: true, value: before })
  })

  it('accepts a fourth tenant', () => {
    const result = addTenant(plot('5', { tenants: ['a', 'b', 'c'] }), 'd')
    expect(result.ok && result.value.tenants).toEqual(['a', 'b', 'c', 'd'])
  })

  it("refuses a fifth tenant with 'Only four tenants allowed per plot'", () => {
    const result = addTenant(plot('5', { tenants: ['a', 'b', 'c', 'd'] }), 'e')
    expect(result).toEqual({ ok: false, message: 'Only four tenants allowed per plot' })
    expect(plotMessages.fourTenantsOnly).toBe('Only four tenants allowed per plot')
  })

  it('leaves the given plot untouched', () => {
    const before = plot('5', { tenants: ['bob'] })
    addTenant(before, 'ann')
    expect(before.tenants).toEqual(['bob'])
  })
})

describe('who pays (issue 43)', () => {
  it("is a plot's first tenant, and stays so when another joins", () => {
    const first = addTenant(plot('5'), 'ann')
    expect(first.ok && first.value.payer).toBe('ann')
    const second = addTenant(plot('5', { tenants: ['ann'], payer: 'ann' }), 'bob')
    expect(second.ok && second.value.payer).toBe('ann')
  })

  it('is left to be worked out again when the payer leaves, and stays when another does', () => {
    expect(removeTenant(plot('5', { tenants: ['ann', 'bob'], payer: 'ann' }), 'ann').payer).toBe('')
    expect(removeTenant(plot('5', { tenants: ['ann', 'bob'], payer: 'ann' }), 'bob').payer).toBe(
      'ann',
    )
  })

  it('is the tenant chosen, else the longest-standing, then by nickname; nobody on a vacant plot', () => {
    const tenant = (personId: string, dateJoined: string, pays = false) => ({
      personId,
      dateJoined,
      pays,
    })
    expect(payerOf([tenant('arjun', '2019-04-05'), tenant('priya', '2021-01-01', true)])).toBe(
      'priya',
    )
    expect(payerOf([tenant('priya', '2021-01-01'), tenant('arjun', '2019-04-05')])).toBe('arjun')
    expect(payerOf([tenant('zed', '2019-04-05'), tenant('amy', '2019-04-05')])).toBe('amy')
    expect(payerOf([])).toBe('')
  })

  it("may be chosen only among the plot's tenants, naming the field", () => {
    expect(checkPayer(plot('3', { tenants: ['ann'] }), 'ann')).toEqual({ ok: true, value: 'ann' })
    expect(checkPayer(plot('3', { tenants: ['ann'] }), 'bob')).toEqual({
      ok: false,
      message: plotMessages.payerNotTenant('bob', '3'),
    })
  })
})

describe('removeTenant', () => {
  it('removes the tenant and keeps the plot occupied while others remain', () => {
    const after = removeTenant(plot('5', { tenants: ['ann', 'bob'] }), 'ann')
    expect(after.tenants).toEqual(['bob'])
    expect(after.occupied).toBe(true)
  })

  it('marks the plot unoccupied when the last tenant leaves', () => {
    const after = removeTenant(plot('5', { tenants: ['ann'] }), 'ann')
    expect(after.tenants).toEqual([])
    expect(after.occupied).toBe(false)
  })
})

describe('filterPlots', () => {
  const plots = [
    plot('1'),
    plot('2', { tenants: ['ann'], paid: true }),
    plot('3', { tenants: ['bob'], paid: false }),
    plot('4', { isNew: true }),
    plot('5', { tenants: ['annie'], isFailed: true, paid: true }),
    plot('6', { tenants: ['cat'], isFailed: true, paid: false }),
    plot('7', { isFailed: true }),
  ]
  const ids = (query: string) => filterPlots(plots, query).map((p) => p.id)

  it('needs at least 2 characters: shorter queries show every plot', () => {
    expect(ids('')).toEqual(['1', '2', '3', '4', '5', '6', '7'])
    expect(ids('a')).toEqual(['1', '2', '3', '4', '5', '6', '7'])
    expect(ids('  b ')).toEqual(['1', '2', '3', '4', '5', '6', '7'])
    expect(ids('an')).toEqual(['2', '5'])
  })

  it("'empty' shows plots that are not occupied", () => {
    expect(ids('empty')).toEqual(['1', '4', '7'])
  })

  it("'paid' shows plots that are occupied and paid", () => {
    expect(ids('paid')).toEqual(['2', '5'])
  })

  it("'unpaid' shows plots that are occupied and not paid", () => {
    expect(ids('unpaid')).toEqual(['3', '6'])
  })

  it("'new' shows the new plots", () => {
    expect(ids('new')).toEqual(['4'])
  })

  it("'failed' shows failed plots that are occupied", () => {
    expect(ids('failed')).toEqual(['5', '6'])
  })

  it("'lapsed' shows failed plots that are occupied and not paid", () => {
    expect(ids('lapsed')).toEqual(['6'])
  })

  it('matches keywords regardless of case and surrounding spaces', () => {
    expect(ids(' Unpaid ')).toEqual(['3', '6'])
  })

  it('matches anything else against tenant nicknames, case-insensitively, by prefix', () => {
    expect(ids('ANN')).toEqual(['2', '5'])
    expect(ids('annie')).toEqual(['5'])
    expect(ids('nn')).toEqual([])
  })

  it('treats a word that only starts like a keyword as a nickname', () => {
    const withTenant = [...plots, plot('8', { tenants: ['paidfor'] })]
    expect(filterPlots(withTenant, 'pai').map((p) => p.id)).toEqual(['8'])
  })

  it('returns a new list and leaves the input alone', () => {
    const result = filterPlots(plots, 'x')
    expect(result).not.toBe(plots)
    expect(result).toEqual(plots)
  })
})

describe('plotStatus', () => {
  it('is vacant without tenants, unpaid when occupied and not paid, else occupied', () => {
    expect(plotStatus(plot('1'))).toBe('vacant')
    expect(plotStatus(plot('1', { tenants: ['ann'], paid: false }))).toBe('unpaid')
    expect(plotStatus(plot('1', { tenants: ['ann'], paid: true }))).toBe('occupied')
  })

  it('tells each level only what it may know: a plot holder let or vacant, the committee offers too', () => {
    const owing = plot('1', { tenants: ['ann'], paid: false })
    const offered = plot('2')
    const [plotholder, land, committee, admin] = [1, 2, 3, 4].map(statusSeenBy)
    expect(plotStatus(owing, plotholder)).toBe('let')
    expect(plotStatus(offered, plotholder, true)).toBe('vacant')
    expect(plotStatus(owing, land)).toBe('unpaid')
    expect(plotStatus(offered, land, true)).toBe('vacant')
    expect(plotStatus(offered, committee, true)).toBe('offered')
    expect(plotStatus(offered, committee, false)).toBe('vacant')
    expect(statusesSeen(plotholder!)).toEqual(['vacant', 'let'])
    expect(statusesSeen(land!)).toEqual(['vacant', 'occupied', 'unpaid'])
    expect(statusesSeen(committee!)).toEqual(['vacant', 'offered', 'occupied', 'unpaid'])
    expect(statusesSeen(admin!)).toEqual(statusesSeen(committee!))
  })
})

describe('filterPlots with the tenants’ names', () => {
  const plots = [
    plot('1', { tenants: ['arjuns', 'priyas'] }),
    plot('2', { tenants: ['margarete'] }),
    plot('3'),
  ]
  const names = new Map([
    ['arjuns', { firstName: 'Arjun', lastName: 'Singh' }],
    ['priyas', { firstName: 'Priya', lastName: 'Shah' }],
    ['margarete', { firstName: 'Margaret', lastName: 'Ellison' }],
  ])
  const ids = (query: string) => filterPlots(plots, query, names).map((p) => p.id)

  it('finds a plot by a tenant’s surname, first name or whole name, whatever the case', () => {
    expect(ids('shah')).toEqual(['1'])
    expect(ids('Ellison')).toEqual(['2'])
    expect(ids('margaret')).toEqual(['2'])
    expect(ids('arjun  singh')).toEqual(['1'])
    expect(ids('Singh Arjun')).toEqual(['1'])
  })

  it('still matches nicknames, and names only from their start', () => {
    expect(ids('margarete')).toEqual(['2'])
    expect(ids('priyas')).toEqual(['1'])
    expect(ids('ingh')).toEqual([])
  })

  it('keeps the keywords', () => {
    expect(ids('empty')).toEqual(['3'])
  })
})
