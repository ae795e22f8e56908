import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Alert } from '../../components/ui/alert.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { useViewer } from '../../lib/session.ts'

export const COMMITTEE_LEVEL = 3

export function useIsCommittee() {
  const { data: viewer } = useViewer()
  return (viewer?.level ?? 0) >= COMMITTEE_LEVEL
}

// Spec section 6: changing plots and tenants is committee work. A deep link from a lower level
// gets an explanation rather than a form the server would refuse.
export function CommitteeOnly({ title, children }: { title: string; children: ReactNode }) {
  if (useIsCommittee()) return children
  return (
    <section>
      <PageHeading>{title}</PageHeading>
      <Alert tone="info">Only committee members can change plots and tenants.</Alert>
      <p>
        <Link className="link-target" to="/members/plots">
          Back to plots
        </Link>
      </p>
    </section>
  )
}
