import type { RouteObject } from 'react-router'
import { PageHeading } from '../../components/ui/page-heading.tsx'

function Placeholder() {
  return <PageHeading>Timeline of Land Communications</PageHeading>
}

export const landRoutes: RouteObject[] = [{ index: true, Component: Placeholder }]
