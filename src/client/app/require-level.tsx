import { Navigate, Outlet } from 'react-router'
import { Spinner } from '../components/ui/spinner.tsx'
import { useViewer } from '../lib/session.ts'

// Explains access on the client; the server enforces it whatever this shows.
export function RequireLevel({ min, otherwise }: { min: number; otherwise: string }) {
  const { data: viewer, isPending } = useViewer()
  if (isPending) return <Spinner />
  if (!viewer || viewer.level < min) return <Navigate to={otherwise} replace />
  return <Outlet />
}
