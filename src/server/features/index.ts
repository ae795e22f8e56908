import type { App } from '#server/core/app-type'
import { accountsFeature } from '#server/features/accounts/routes'
import { calendarFeature } from '#server/features/calendar/routes'
import { backupsFeature } from '#server/features/backups/routes'
import { councilReportFeature } from '#server/features/council-report/routes'
import { contactFeature } from '#server/features/contact/routes'
import { exportsFeature } from '#server/features/exports/routes'
import { importFeature } from '#server/features/import/routes'
import { inspectionsFeature } from '#server/features/inspections/routes'
import { keysFeature } from '#server/features/keys/routes'
import { landDocumentsFeature } from '#server/features/land-documents/routes'
import { lettingFeature } from '#server/features/letting/routes'
import { logsFeature } from '#server/features/logs/routes'
import { messagesFeature } from '#server/features/messages/routes'
import { newsFeature } from '#server/features/news/routes'
import { peopleFeature } from '#server/features/people/routes'
import { plotHistoryFeature } from '#server/features/plot-history/routes'
import { plotsFeature } from '#server/features/plots/routes'
import { rentFeature } from '#server/features/rent/routes'
import { meFeature } from '#server/features/sign-in/me'
import { setupFeature } from '#server/features/setup/routes'
import { signInFeature } from '#server/features/sign-in/routes'
import { siteImagesFeature } from '#server/features/site/image-routes'
import { siteMapFeature } from '#server/features/site-map/routes'
import { siteFeature } from '#server/features/site/routes'
import { sitesFeature } from '#server/features/sites/routes'
import { systemFeature } from '#server/features/system/routes'
import { vitalsFeature } from '#server/features/vitals/routes'
import { workHoursFeature } from '#server/features/work-hours/routes'

// Every feature is a Fastify plugin that takes what it needs from the core's decorators
// (app.db, app.auth, app.config, app.transport, app.mailer, app.jobs, app.sendList): one way, the same for all.
const FEATURES = [
  signInFeature,
  meFeature,
  accountsFeature,
  siteFeature,
  siteImagesFeature,
  siteMapFeature,
  setupFeature,
  contactFeature,
  logsFeature,
  landDocumentsFeature,
  newsFeature,
  sitesFeature,
  peopleFeature,
  plotsFeature,
  exportsFeature,
  importFeature,
  messagesFeature,
  rentFeature,
  lettingFeature,
  inspectionsFeature,
  keysFeature,
  plotHistoryFeature,
  councilReportFeature,
  calendarFeature,
  workHoursFeature,
  vitalsFeature,
  backupsFeature,
  systemFeature,
]

export async function features(app: App) {
  for (const feature of FEATURES) await app.register(feature)
}
