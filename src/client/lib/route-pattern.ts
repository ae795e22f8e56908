import { matchRoutes, type RouteObject } from 'react-router'
import { MAX_ROUTE_LENGTH, ROUTE_PATTERN } from '#shared/domain/web-vitals-report'

/** Reported for an address that no route matches (react-router shows its error page). */
export const UNMATCHED_ROUTE = '/:unmatched'

// The pattern of the route an address opens, such as '/members/plots/:id' for
// '/members/plots/A12?tab=x': built from the route table only, so no id, name or query string
// from the address can reach the server.
export function routePattern(routes: RouteObject[], pathname: string): string {
  const matches = matchRoutes(routes, pathname)
  if (!matches) return UNMATCHED_ROUTE
  const joined = matches
    .map((m) => m.route.path ?? '')
    .join('/')
    .replace(/\*/g, ':splat')
    .replace(/\?/g, '')
  const pattern = `/${joined}`.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1')
  return pattern.length <= MAX_ROUTE_LENGTH && ROUTE_PATTERN.test(pattern)
    ? pattern
    : UNMATCHED_ROUTE
}
