import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Settings, UpdateSettings } from '#shared/schemas/settings'
import type { SiteImageName } from '#shared/schemas/site-images'
import { api, uploadForm } from '../../lib/api.ts'
import { siteKey } from '../../lib/site.ts'

export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: () => api<Settings>('/api/settings'),
})

const saveSettings = (settings: UpdateSettings) =>
  api<Settings>('/api/settings', { method: 'PUT', json: settings })

// A save changes what the public pages show, so their copy is refreshed too.
export function useSaveSettings() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => {
      client.setQueryData(settingsQuery.queryKey, saved)
      return client.invalidateQueries({ queryKey: siteKey })
    },
  })
}

export const uploadSiteImage = (name: SiteImageName, file: File, description: string) =>
  api<unknown>(`/api/settings/images/${name}`, {
    method: 'PUT',
    body: uploadForm({ description }, file),
  })

export const removeSiteImage = (name: SiteImageName) =>
  api<void>(`/api/settings/images/${name}`, { method: 'DELETE' })

/** Uploading or removing a picture; the public pages' copy of the site is refreshed after. */
export function useSiteImageChange(name: SiteImageName) {
  const client = useQueryClient()
  const refresh = () => client.invalidateQueries({ queryKey: siteKey })
  return {
    upload: useMutation({
      mutationFn: ({ file, description }: { file: File; description: string }) =>
        uploadSiteImage(name, file, description),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: () => removeSiteImage(name), onSuccess: refresh }),
  }
}
