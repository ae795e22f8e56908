import type { RouteObject } from 'react-router'
import { PageHeading } from '../../components/ui/page-heading.tsx'

function Placeholder() {
  return <PageHeading>Enquiries</PageHeading>
}

export const enquiriesRoutes: RouteObject[] = [{ index: true, Component: Placeholder }]
