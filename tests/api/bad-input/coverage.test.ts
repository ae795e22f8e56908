import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#tests/helpers/test-app'
import { ALL_FAMILIES } from './families.ts'
import type { Suite } from './suite.ts'

// The feature files between them throw bad input at every write route the server has, and at no
// route it no longer has.
describe('bad input coverage', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite')
  })
  afterAll(() => t.close())

  it('covers every write route of /api/openapi.json, each in one feature file', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
    const paths = response.json<{ paths: Record<string, Record<string, unknown>> }>().paths
    const writes = Object.entries(paths).flatMap(([p, operations]) =>
      Object.keys(operations)
        .map((m) => m.toUpperCase())
        .filter((m) => m === 'POST' || m === 'PUT' || m === 'DELETE')
        .map((m) => `${m} ${p}`),
    )
    // The families are only listed here, never run: their records are not needed.
    const covered = ALL_FAMILIES.flatMap((families) => Object.keys(families({} as Suite)))
    expect(new Set(covered).size, 'a route is in two feature files').toBe(covered.length)
    expect(writes.filter((route) => !covered.includes(route))).toEqual([])
    expect(covered.filter((route) => !writes.includes(route))).toEqual([])
  })
})
