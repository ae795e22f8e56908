import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { siteQuery } from '../../lib/site.ts'
import { useUnsavedForms } from '../../lib/unsaved-changes.tsx'
import { settingsQuery } from './api.ts'
import { SettingsForm } from './settings-form.tsx'
import { SiteImageForm } from './site-image-form.tsx'
import './settings.css'

// The administrator's settings: the association's details, the Home and About texts, and its
// logo and Home page photo.
export function SettingsPage() {
  const settings = useQuery(settingsQuery)
  const site = useQuery(siteQuery)
  const unsaved = useUnsavedForms()
  return (
    <section>
      <PageHeading>Settings</PageHeading>
      {unsaved.prompt}
      <p>
        <Link to="/members/setup">Getting started</Link>: the first-run steps, to take up again. The{' '}
        <Link to="/members/site-map">site map drawing</Link>: import the site’s drawing.{' '}
        <Link to="/members/import">Import from a spreadsheet</Link>: people and plots.
      </p>
      <QueryState query={settings}>
        {(saved) => <SettingsForm saved={saved} report={unsaved.report} />}
      </QueryState>
      <QueryState query={site}>
        {({ images }) => (
          <div className="site-images">
            <SiteImageForm name="logo" current={images.logo} report={unsaved.report} />
            <SiteImageForm name="homePhoto" current={images.homePhoto} report={unsaved.report} />
          </div>
        )}
      </QueryState>
    </section>
  )
}
