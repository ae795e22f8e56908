import type { RouteObject } from 'react-router'
import { PageHeading } from '../../components/ui/page-heading.tsx'

function Placeholder() {
  return <PageHeading>Plots</PageHeading>
}

export const plotsRoutes: RouteObject[] = [{ index: true, Component: Placeholder }]
