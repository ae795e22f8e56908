import { queryOptions } from '@tanstack/react-query'
import type {
  LandDocumentChange,
  LandDocumentDetail,
  LandGroup,
} from '#shared/schemas/land-documents'
import { api, uploadForm } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'

export const landQuery = queryOptions({
  queryKey: queryKeys.land,
  queryFn: () => api<LandGroup[]>('/api/land-documents'),
})

/** The PDF itself; the server checks the session's level before sending it. */
export const landFileUrl = (id: number) => `/api/land-documents/${id}/file`

export interface LandUpload {
  date: string
  description: string
  name: string
  file: File
}

export const uploadLandDocument = ({ file, ...fields }: LandUpload) =>
  api<LandDocumentDetail>('/api/land-documents', { method: 'POST', body: uploadForm(fields, file) })

export const changeLandDocument = (id: number, change: LandDocumentChange) =>
  api<LandDocumentDetail>(`/api/land-documents/${id}`, { method: 'PUT', json: change })

export const deleteLandDocument = (id: number) =>
  api<void>(`/api/land-documents/${id}`, { method: 'DELETE' })
