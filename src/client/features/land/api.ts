import type {
  LandDocumentChange,
  LandDocumentDetail,
  LandGroup,
} from '#shared/schemas/land-documents'
import { api } from '../../lib/api.ts'

export const landQueryKey = ['land-documents'] as const

export const fetchLandGroups = () => api<LandGroup[]>('/api/land-documents')

/** The PDF itself; the server checks the session's level before sending it. */
export const landFileUrl = (id: number) => `/api/land-documents/${id}/file`

export interface LandUpload {
  date: string
  description: string
  name: string
  file: File
}

// Text fields go before the file, so the server has them whatever it does with the file.
export function uploadLandDocument({ date, description, name, file }: LandUpload) {
  const form = new FormData()
  form.append('date', date)
  form.append('description', description)
  form.append('name', name)
  form.append('file', file, file.name)
  return api<LandDocumentDetail>('/api/land-documents', { method: 'POST', body: form })
}

export const changeLandDocument = (id: number, change: LandDocumentChange) =>
  api<LandDocumentDetail>(`/api/land-documents/${id}`, { method: 'PUT', json: change })

export const deleteLandDocument = (id: number) =>
  api<void>(`/api/land-documents/${id}`, { method: 'DELETE' })
