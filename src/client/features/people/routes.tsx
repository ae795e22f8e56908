import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'
import { PeopleModeRoute } from './mode-context.tsx'
import type { PeopleMode } from './mode.ts'

export type { PeopleMode } from './mode.ts'

// Spec section 2: the list with its child screens (new person, person, removal) beside it.
export function peopleRoutes(mode: PeopleMode): RouteObject[] {
  return [
    {
      element: <PeopleModeRoute mode={mode} />,
      children: [
        {
          lazy: lazyPage(
            () => import('./people-page.tsx'),
            (m) => m.PeoplePage,
          ),
          children: [
            {
              index: true,
              lazy: lazyPage(
                () => import('./new-person-page.tsx'),
                (m) => m.NewPersonPage,
              ),
            },
            {
              path: ':id',
              lazy: lazyPage(
                () => import('./person-page.tsx'),
                (m) => m.PersonPage,
              ),
            },
            {
              path: ':id/delete',
              lazy: lazyPage(
                () => import('./remove-person-page.tsx'),
                (m) => m.RemovePersonPage,
              ),
            },
          ],
        },
      ],
    },
  ]
}
