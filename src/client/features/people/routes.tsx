import type { LoaderFunctionArgs, RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'
import { queryClient } from '../../lib/query-client.ts'
import { peopleListQuery, personQuery } from './api.ts'
import { PeopleModeRoute } from './mode-context.tsx'
import type { PeopleMode } from './mode.ts'

export type { PeopleMode } from './mode.ts'

// The list and the open person start loading as soon as the address matches, alongside the
// screens' code, instead of after it: a person's form, the page's largest paint on a phone,
// arrives one round trip sooner. Neither waits for the answer; the screens read the query cache,
// and a fresh cached copy is not asked for again. The server still decides who may read them.
const prefetchPeople = (mode: PeopleMode) => () => {
  void queryClient.prefetchQuery(peopleListQuery(mode))
  return null
}

function prefetchPerson({ params }: LoaderFunctionArgs) {
  const id = params.id ?? ''
  void queryClient.prefetchQuery(personQuery(id))
  return null
}

// Spec section 2: the list with its child screens (new person, person, removal) beside it.
export function peopleRoutes(mode: PeopleMode): RouteObject[] {
  return [
    {
      element: <PeopleModeRoute mode={mode} />,
      children: [
        {
          loader: prefetchPeople(mode),
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
              loader: prefetchPerson,
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

// Mounted at /members/former-tenants (committee): who left their plots, kept for the records.
export const formerTenantsRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./former-tenants-page.tsx'),
      (m) => m.FormerTenantsPage,
    ),
  },
]

// Mounted at /members/duplicates (committee, issue 46): records likely to be one person, and the
// merge of two of them.
export const duplicatesRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./duplicates-page.tsx'),
      (m) => m.DuplicatesPage,
    ),
  },
  {
    path: ':kept/:merged',
    lazy: lazyPage(
      () => import('./merge-page.tsx'),
      (m) => m.MergePage,
    ),
  },
]
