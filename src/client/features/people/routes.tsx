import type { RouteObject } from 'react-router'
import { PageHeading } from '../../components/ui/page-heading.tsx'

export type PeopleMode = 'plotholders' | 'waitinglist'

export function peopleRoutes(mode: PeopleMode): RouteObject[] {
  const heading = mode === 'plotholders' ? 'Plot Holders' : 'Waiting List'
  return [{ index: true, Component: () => <PageHeading>{heading}</PageHeading> }]
}
