import { useQuery } from '@tanstack/react-query'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { settingsQuery } from './api.ts'
import { SettingsForm } from './settings-form.tsx'

// The administrator's settings: the association's details and the Home and About texts.
export function SettingsPage() {
  const settings = useQuery(settingsQuery)
  return (
    <section>
      <PageHeading>Settings</PageHeading>
      <QueryState query={settings}>{(saved) => <SettingsForm saved={saved} />}</QueryState>
    </section>
  )
}
