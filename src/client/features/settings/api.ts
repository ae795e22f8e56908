import { queryOptions } from '@tanstack/react-query'
import type { Settings, UpdateSettings } from '#shared/schemas/settings'
import type { SiteImageName } from '#shared/schemas/site-images'
import { api, uploadForm } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'

export const settingsQuery = queryOptions({
  queryKey: queryKeys.settings,
  queryFn: () => api<Settings>('/api/settings'),
})

const saveSettings = (settings: UpdateSettings) =>
  api<Settings>('/api/settings', { method: 'PUT', json: settings })

// A save changes what the public pages show, so their copy is refreshed too.
export const useSaveSettings = () =>
  useChange({ mutationFn: saveSettings, invalidates: [queryKeys.settings, queryKeys.site] })

export const uploadSiteImage = (name: SiteImageName, file: File, description: string) =>
  api<unknown>(`/api/settings/images/${name}`, {
    method: 'PUT',
    body: uploadForm({ description }, file),
  })

export const removeSiteImage = (name: SiteImageName) =>
  api<void>(`/api/settings/images/${name}`, { method: 'DELETE' })

/** Uploading or removing a picture; the public pages' copy of the site is refreshed after. */
export function useSiteImageChange(name: SiteImageName) {
  return {
    upload: useChange({
      mutationFn: ({ file, description }: { file: File; description: string }) =>
        uploadSiteImage(name, file, description),
      invalidates: [queryKeys.site],
    }),
    remove: useChange({ mutationFn: () => removeSiteImage(name), invalidates: [queryKeys.site] }),
  }
}
