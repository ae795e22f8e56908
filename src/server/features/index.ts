import type { App } from '#server/core/app-type'
import type { Auth } from '#server/core/auth/auth'
import type { Config } from '#server/core/config'
import type { Db } from '#server/core/db/database'
import type { EmailTransport } from '#server/core/email/transport'
import { createListCache } from '#server/core/http/cached-list'
import { accountRoutes } from '#server/features/accounts/routes'
import { authRoutes } from '#server/features/sign-in/routes'
import { meRoutes } from '#server/features/sign-in/me'
import { contactRoutes } from '#server/features/contact/routes'
import { landDocumentRoutes } from '#server/features/land-documents/routes'
import { logRoutes } from '#server/features/logs/routes'
import { peopleRoutes } from '#server/features/people/routes'
import { plotRoutes } from '#server/features/plots/routes'
import { siteRoutes } from '#server/features/site/routes'
import { vitalsRoutes } from '#server/features/vitals/routes'

export interface RouteDeps {
  db: Db
  auth: Auth
  config: Config
  transport: EmailTransport
}

export function apiRoutes(app: App, { db, auth, config, transport }: RouteDeps) {
  const sendList = createListCache(db)
  authRoutes(app, auth, db, new URL(config.publicUrl).origin)
  meRoutes(app)
  accountRoutes(app, db, auth, config)
  siteRoutes(app, config)
  contactRoutes(app, db, transport, config)
  logRoutes(app, db, sendList)
  app.register(landDocumentRoutes, { db })
  peopleRoutes(app, db, sendList)
  plotRoutes(app, db, sendList)
  vitalsRoutes(app, db)
}
