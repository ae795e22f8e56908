import { queryOptions, useMutation } from '@tanstack/react-query'
import type {
  ExistingChoice,
  ImportCheck,
  ImportDone,
  ImportKind,
  ImportUndone,
  LastImport,
  NameCorrections,
  TableChoice,
} from '#shared/schemas/spreadsheet-import'
import { api, uploadForm } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'

export interface ImportRequest {
  file: File
  kind: ImportKind
  sheet?: string
  /** Each table's headings row, mapping (or choices to keep) and whether it is left out. */
  tables?: TableChoice[]
  existing?: ExistingChoice
  names?: NameCorrections
  /** The site the file is of (issue 46); the first open site when left out. */
  site?: number
}

const json = (value: object | undefined) =>
  value && Object.keys(value).length ? JSON.stringify(value) : undefined

// The file goes with every step: the server keeps nothing between them.
function formOf({ file, kind, sheet, tables, existing, names, site }: ImportRequest) {
  const fields: Record<string, string | undefined> = {
    kind,
    sheet: sheet || undefined,
    tables: json(tables),
    existing,
    names: json(names),
    site: site === undefined ? undefined : String(site),
  }
  return uploadForm(
    Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
    file,
  )
}

const post =
  <T>(url: string) =>
  (request: ImportRequest) =>
    api<T>(url, { method: 'POST', body: formOf(request) })

export const useCheckImport = () =>
  useMutation({ mutationFn: post<ImportCheck>('/api/import/check') })

// An import, or its undoing, changes every list, the map's plots, the first-run steps and the
// waiting list; and which import is the last.
const importChanges = [
  queryKeys.people,
  queryKeys.plots,
  queryKeys.setup,
  queryKeys.siteMap,
  queryKeys.waitingList,
  queryKeys.imports,
]

export const useSaveImport = () =>
  useChange({ mutationFn: post<ImportDone>('/api/import'), invalidates: importChanges })

export const lastImportQuery = queryOptions({
  queryKey: [...queryKeys.imports, 'last'],
  queryFn: () => api<LastImport | null>('/api/import/last'),
})

export const useUndoImport = () =>
  useChange({
    mutationFn: (id: number) =>
      api<ImportUndone>('/api/import/undo', { method: 'POST', json: { id } }),
    invalidates: importChanges,
  })
