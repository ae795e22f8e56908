import type { RouteObject } from 'react-router'
import { PageHeading } from '../../components/ui/page-heading.tsx'

function Placeholder() {
  return <PageHeading>Site map</PageHeading>
}

export const mapRoutes: RouteObject[] = [{ index: true, Component: Placeholder }]
