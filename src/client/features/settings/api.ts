import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Settings, UpdateSettings } from '#shared/schemas/settings'
import { api } from '../../lib/api.ts'
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
