import { useMutation } from '@tanstack/react-query'
import type {
  ColumnMapping,
  ImportCheck,
  ImportDone,
  ImportKind,
} from '#shared/schemas/spreadsheet-import'
import { api, uploadForm } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'

export interface ImportRequest {
  file: File
  kind: ImportKind
  sheet?: string
  mapping?: ColumnMapping
}

// The file goes with every step: the server keeps nothing between them.
const formOf = ({ file, kind, sheet, mapping }: ImportRequest) =>
  uploadForm(
    {
      kind,
      ...(sheet ? { sheet } : {}),
      ...(mapping ? { mapping: JSON.stringify(mapping) } : {}),
    },
    file,
  )

const post =
  <T>(url: string) =>
  (request: ImportRequest) =>
    api<T>(url, { method: 'POST', body: formOf(request) })

export const useCheckImport = () =>
  useMutation({ mutationFn: post<ImportCheck>('/api/import/check') })

// New people and plots change every list, the map's plots and the first-run steps.
export const useSaveImport = () =>
  useChange({
    mutationFn: post<ImportDone>('/api/import'),
    invalidates: [queryKeys.people, queryKeys.plots, queryKeys.setup, queryKeys.siteMap],
  })
