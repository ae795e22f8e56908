import type { App } from '../../app-type.ts'
import type { Auth } from '../../auth/auth.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/database.ts'
import type { EmailTransport } from '../../email/transport.ts'
import { createListCache } from '../../plugins/cached-list.ts'
import { accountRoutes } from './accounts/routes.ts'
import { authRoutes } from './auth/forward.ts'
import { meRoutes } from './auth/me.ts'
import { contactRoutes } from './contact/routes.ts'
import { landDocumentRoutes } from './land-documents/routes.ts'
import { logRoutes } from './logs/routes.ts'
import { peopleRoutes } from './people/routes.ts'
import { plotRoutes } from './plots/routes.ts'
import { siteRoutes } from './site/routes.ts'
import { vitalsRoutes } from './vitals/routes.ts'

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
