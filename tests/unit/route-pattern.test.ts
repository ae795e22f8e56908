import { describe, expect, it } from 'vitest'
import type { RouteObject } from 'react-router'
import { routePattern, UNMATCHED_ROUTE } from '../../src/client/lib/route-pattern.ts'

// The shapes the app's router uses: a public layout with an index, a members layout with
// guarded sections, ids and nested paths.
const routes: RouteObject[] = [
  { path: '/', children: [{ index: true }, { path: 'about' }, { path: 'login' }] },
  {
    path: '/members',
    children: [
      { index: true },
      {
        path: 'plots',
        children: [{ index: true }, { path: 'new' }, { path: ':id' }, { path: ':id/addTenants' }],
      },
      { path: 'plotholders', children: [{ index: true }, { path: ':id' }, { path: ':id/delete' }] },
      { path: 'files', children: [{ path: '*' }] },
    ],
  },
]

describe('routePattern', () => {
  it.each([
    ['/', '/'],
    ['/about', '/about'],
    ['/members', '/members'],
    ['/members/plots', '/members/plots'],
    ['/members/plots/new', '/members/plots/new'],
    ['/members/plots/A12', '/members/plots/:id'],
    ['/members/plots/A12/addTenants', '/members/plots/:id/addTenants'],
    ['/members/plotholders/jane.doe@example.org/delete', '/members/plotholders/:id/delete'],
    ['/members/files/a/b.pdf', '/members/files/:splat'],
  ])('reports %s as %s', (pathname, pattern) => {
    expect(routePattern(routes, pathname)).toBe(pattern)
  })

  it('never reports an address no route matches', () => {
    expect(routePattern(routes, '/jane@example.org')).toBe(UNMATCHED_ROUTE)
  })
})
