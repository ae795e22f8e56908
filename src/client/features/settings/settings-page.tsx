import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { siteMessages } from '#shared/messages/sites'
import { systemMessages } from '#shared/messages/system'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { SITE_MAP_DRAWING_PATH } from '#client/lib/paths.ts'
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
      {/* A link a line, each a finger's target (issue 44: in one sentence they were 19 px tall). */}
      <ul className="settings-links">
        <li>
          <Link className="link-target" to="/members/setup">
            Getting started
          </Link>
          : the first-run steps, to take up again.
        </li>
        <li>
          <Link className="link-target" to="/members/sites">
            {siteMessages.heading}
          </Link>
          : {siteMessages.settingsLinkNote}
        </li>
        <li>
          <Link className="link-target" to={SITE_MAP_DRAWING_PATH}>
            Site map drawing
          </Link>
          : draw the site, or import its drawing.
        </li>
        <li>
          <Link className="link-target" to="/members/import">
            Import from a spreadsheet
          </Link>
          : people and plots.
        </li>
        <li>
          <Link className="link-target" to="/members/system">
            {systemMessages.title}
          </Link>
          : {systemMessages.settingsLinkNote}
        </li>
      </ul>
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
