import { describe, expect, it } from 'vitest'
import { DEFAULT_LOG_SORT, nextLogSort } from '#shared/domain/log-sort'

describe('log sort (spec section 9)', () => {
  it('starts with the time stamp, newest first', () => {
    expect(DEFAULT_LOG_SORT).toEqual({ sort: 'timeStamp', order: 'desc' })
  })

  it('starts any other column ascending and toggles on a second click', () => {
    const byMethod = nextLogSort(DEFAULT_LOG_SORT, 'methodName')
    expect(byMethod).toEqual({ sort: 'methodName', order: 'asc' })
    expect(nextLogSort(byMethod, 'methodName')).toEqual({ sort: 'methodName', order: 'desc' })
    expect(nextLogSort(nextLogSort(byMethod, 'methodName'), 'methodName')).toEqual(byMethod)
    expect(nextLogSort({ sort: 'error', order: 'desc' }, 'userName')).toEqual({
      sort: 'userName',
      order: 'asc',
    })
  })

  it('goes back to newest first when the time stamp is chosen again', () => {
    expect(nextLogSort({ sort: 'userName', order: 'desc' }, 'timeStamp')).toEqual(DEFAULT_LOG_SORT)
    expect(nextLogSort(DEFAULT_LOG_SORT, 'timeStamp')).toEqual({ sort: 'timeStamp', order: 'asc' })
  })
})
