import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { errorMessage } from '../../lib/api.ts'
import { Alert } from './alert.tsx'
import { Spinner } from './spinner.tsx'

// Loading and failure look the same on every screen; only the data part differs.
export function QueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>
  children: (data: T) => ReactNode
}) {
  if (query.isPending) return <Spinner />
  if (query.isError) return <Alert>{errorMessage(query.error)}</Alert>
  return <>{children(query.data)}</>
}
