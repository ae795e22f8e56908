import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { privacyMessages } from '#shared/messages/privacy'
import type { StoredPrivacySettings } from '#shared/schemas/privacy'
import { TextField } from '../../components/ui/field.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { SettingsForm } from '../../components/ui/settings-form.tsx'
import { useSettingsForm } from '../../lib/settings-form.ts'
import { privacySettingsQuery, savePrivacySettings } from './api.ts'
import { draftOf, PERIODS, settingsOf } from './settings-draft.ts'

// How long the association keeps personal data it no longer needs: the administrator sets the
// periods, the daily run applies them, the public privacy page states them.
export function PrivacySettingsPage() {
  const settings = useQuery(privacySettingsQuery)
  return (
    <section>
      <PageHeading>{privacyMessages.settingsTitle}</PageHeading>
      <p>{privacyMessages.settingsIntro}</p>
      <p>
        <Link className="link-target" to="/members/privacy">
          {privacyMessages.dueTitle}
        </Link>
      </p>
      <QueryState query={settings}>{(saved) => <PrivacySettingsForm saved={saved} />}</QueryState>
    </section>
  )
}

function PrivacySettingsForm({ saved }: { saved: StoredPrivacySettings }) {
  const settings = useSettingsForm({
    saved,
    query: privacySettingsQuery,
    draftOf,
    read: settingsOf,
    save: savePrivacySettings,
    savedNotice: privacyMessages.settingsSaved,
  })
  const { text } = settings.form
  return (
    <SettingsForm state={settings} submitLabel={privacyMessages.saveSettings}>
      {saved.version === 0 ? <p>{privacyMessages.notStarted}</p> : null}
      {PERIODS.map(({ key, label }) => (
        <TextField
          key={key}
          label={label}
          hint={key === 'leaverYears' ? privacyMessages.leaverYearsHint : undefined}
          inputMode="numeric"
          autoComplete="off"
          required
          {...text(key)}
        />
      ))}
    </SettingsForm>
  )
}
