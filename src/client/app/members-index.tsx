import { useQuery } from '@tanstack/react-query'
import { Navigate } from 'react-router'
import { homePathForLevel, LEVELS } from '#shared/domain/levels'
import { Spinner } from '../components/ui/spinner.tsx'
import { setupQuery } from '../features/setup/setup-query.ts'
import { useViewer } from '../lib/session.ts'

const SETUP_PATH = '/members/setup'

// Signing in lands here. An administrator of an association with no plots and no people yet is
// led to the first-run steps; everyone else goes to their level's first screen.
export function MembersIndex() {
  const { data: viewer } = useViewer()
  const level = viewer?.level ?? 0
  const isAdmin = level >= LEVELS.admin
  const setup = useQuery({ ...setupQuery, enabled: isAdmin })
  if (isAdmin && setup.isPending) return <Spinner />
  const path = isAdmin && setup.data?.leadOnSignIn ? SETUP_PATH : homePathForLevel(level)
  return <Navigate to={path} replace />
}
