import type { RouteObject } from 'react-router'
import { MembersShell } from './members-shell.tsx'
import { MembersIndex } from './members-index.tsx'
import { RequireLevel } from './require-level.tsx'
import { PageNotFound, RouteError } from './route-error.tsx'
import { LoadWholePage } from './load-whole-page.tsx'
import { accountsRoutes } from '../features/accounts/routes.tsx'
import { mapRoutes } from '../features/map/routes.tsx'
import { duplicatesRoutes, formerTenantsRoutes, peopleRoutes } from '../features/people/routes.tsx'
import { plotsRoutes } from '../features/plots/routes.tsx'
import { logsRoutes } from '../features/logs/routes.tsx'
import { landRoutes } from '../features/land/routes.tsx'
import { enquiriesRoutes } from '../features/enquiries/routes.tsx'
import { keysRoutes } from '../features/keys/routes.tsx'
import { newsRoutes } from '../features/news/routes.tsx'
import { performanceRoutes } from '../features/performance/routes.tsx'
import { systemRoutes } from '../features/system/routes.tsx'
import { myAccountRoutes } from '../features/my-account/routes.tsx'
import { myAllotmentRoutes } from '../features/my-allotment/routes.tsx'
import { settingsRoutes } from '../features/settings/routes.tsx'
import { setupRoutes } from '../features/setup/routes.tsx'
import { importRoutes } from '../features/import/routes.tsx'
import { siteMapRoutes } from '../features/site-map/routes.tsx'
import { sitesRoutes } from '../features/sites/routes.tsx'
import { messagesRoutes } from '../features/messages/routes.tsx'
import { rentRoutes, rentSettingsRoutes } from '../features/rent/routes.tsx'
import { lettingSettingsRoutes, offersRoutes } from '../features/offers/routes.tsx'
import { privacyRoutes, privacySettingsRoutes } from '../features/privacy/routes.tsx'
import { inspectionSettingsRoutes, inspectionsRoutes } from '../features/inspections/routes.tsx'
import { reportsRoutes } from '../features/reports/routes.tsx'
import { calendarRoutes } from '../features/calendar/routes.tsx'
import { workHoursRoutes } from '../features/work-hours/routes.tsx'
import { LEVELS } from '#shared/domain/levels'

// The members area. Who may open what, in one table (spec section 6). The server enforces the same levels.
const guarded = (path: string, min: number, otherwise: string, children: RouteObject[]) => ({
  path,
  element: <RequireLevel min={min} otherwise={otherwise} />,
  children,
})

export const routes: RouteObject[] = [
  {
    path: '/members',
    element: <MembersShell />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <MembersIndex /> },
      guarded('map', LEVELS.plotholder, '/', mapRoutes),
      guarded('me', LEVELS.plotholder, '/', myAllotmentRoutes),
      guarded('calendar', LEVELS.plotholder, '/', calendarRoutes),
      guarded('plots', LEVELS.land, '/members/map', plotsRoutes),
      guarded('land', LEVELS.land, '/members/map', landRoutes),
      guarded('plotholders', LEVELS.committee, '/members/map', peopleRoutes('plotholders')),
      guarded('waitinglist', LEVELS.committee, '/members/map', peopleRoutes('waitinglist')),
      guarded('former-tenants', LEVELS.committee, '/members/map', formerTenantsRoutes),
      guarded('duplicates', LEVELS.committee, '/members/map', duplicatesRoutes),
      guarded('users', LEVELS.committee, '/members/map', accountsRoutes),
      guarded('enquiries', LEVELS.committee, '/members/map', enquiriesRoutes),
      guarded('news', LEVELS.committee, '/members/map', newsRoutes),
      guarded('messages', LEVELS.committee, '/members/map', messagesRoutes),
      guarded('rent', LEVELS.committee, '/members/map', [
        ...rentRoutes,
        guarded('settings', LEVELS.admin, '/members/rent', rentSettingsRoutes),
      ]),
      guarded('offers', LEVELS.committee, '/members/map', [
        ...offersRoutes,
        guarded('settings', LEVELS.admin, '/members/offers', lettingSettingsRoutes),
      ]),
      guarded('inspections', LEVELS.committee, '/members/map', [
        guarded('settings', LEVELS.admin, '/members/inspections', inspectionSettingsRoutes),
        ...inspectionsRoutes,
      ]),
      guarded('keys', LEVELS.committee, '/members/map', keysRoutes),
      guarded('work-hours', LEVELS.committee, '/members/map', workHoursRoutes),
      guarded('reports', LEVELS.committee, '/members/map', reportsRoutes),
      guarded('privacy', LEVELS.committee, '/members/map', [
        ...privacyRoutes,
        guarded('settings', LEVELS.admin, '/members/privacy', privacySettingsRoutes),
      ]),
      guarded('logs', LEVELS.admin, '/', logsRoutes),
      guarded('performance', LEVELS.admin, '/', performanceRoutes),
      guarded('system', LEVELS.admin, '/', systemRoutes),
      guarded('settings', LEVELS.admin, '/', settingsRoutes),
      guarded('setup', LEVELS.admin, '/', setupRoutes),
      guarded('site-map', LEVELS.admin, '/', siteMapRoutes),
      guarded('sites', LEVELS.admin, '/', sitesRoutes),
      guarded('import', LEVELS.admin, '/', importRoutes),
      // My account is every signed-in account's, one waiting for approval at level 0 included.
      guarded('account', LEVELS.guest, '/', myAccountRoutes),
      // Sent to the public site, a members address would come straight back (decision 23).
      { path: '*', element: <PageNotFound /> },
    ],
  },
  // Every other page is the public site's (decision 23).
  { path: '*', element: <LoadWholePage from="members" /> },
]
