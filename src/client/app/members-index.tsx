import { Navigate } from 'react-router'
import { homePathForLevel } from '#shared/domain/levels'
import { useViewer } from '../lib/session.ts'

export function MembersIndex() {
  const { data: viewer } = useViewer()
  return <Navigate to={homePathForLevel(viewer?.level ?? 0)} replace />
}
