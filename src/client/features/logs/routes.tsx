import type { RouteObject } from 'react-router'
import { PageHeading } from '../../components/ui/page-heading.tsx'

function Placeholder() {
  return <PageHeading>Logs</PageHeading>
}

export const logsRoutes: RouteObject[] = [{ index: true, Component: Placeholder }]
