import { describe, expect, it } from 'vitest'
import { errorSummary, hasError, loggedRows } from '#client/features/logs/log-format.ts'
import { readLogSearch } from '#client/features/logs/log-search.ts'

describe('showing logged values', () => {
  it('makes a row per property, nested values as JSON text', () => {
    const value = JSON.stringify({
      id: 'amelia',
      plots: ['07', '12'],
      address: { town: 'Riverside' },
      paid: true,
    })
    expect(loggedRows(value)).toEqual([
      ['id', 'amelia'],
      ['plots', '["07","12"]'],
      ['address', '{"town":"Riverside"}'],
      ['paid', 'true'],
    ])
  })

  it('shows arrays by index, and anything else (even unreadable text) as one row', () => {
    expect(loggedRows('["a",{"b":1}]')).toEqual([
      ['0', 'a'],
      ['1', '{"b":1}'],
    ])
    expect(loggedRows('null')).toEqual([['value', 'null']])
    expect(loggedRows('not json {')).toEqual([['value', 'not json {']])
  })

  it("treats 'null' as no error and shows an error's message", () => {
    expect(hasError('null')).toBe(false)
    expect(hasError('{"status":422,"message":"Only four tenants allowed per plot"}')).toBe(true)
    expect(errorSummary('{"status":422,"message":"Only four tenants allowed per plot"}')).toBe(
      'Only four tenants allowed per plot',
    )
    expect(errorSummary('"plain text"')).toBe('plain text')
  })
})

describe('the log address', () => {
  it('reads sort, order and page, falling back to newest first on page 1', () => {
    expect(readLogSearch(new URLSearchParams(''))).toMatchObject({
      sort: 'timeStamp',
      order: 'desc',
      page: 1,
    })
    expect(readLogSearch(new URLSearchParams('sort=userName'))).toMatchObject({
      sort: 'userName',
      order: 'asc',
    })
    expect(readLogSearch(new URLSearchParams('sort=value&order=up&page=-3'))).toMatchObject({
      sort: 'timeStamp',
      order: 'desc',
      page: 1,
    })
    expect(readLogSearch(new URLSearchParams('sort=error&order=desc&page=4'))).toMatchObject({
      sort: 'error',
      order: 'desc',
      page: 4,
    })
  })
})
