import {
  areaUnitAnswerSchema,
  rentSettingsInputSchema,
  siteRentSettingsInputSchema,
  siteRentSettingsSchema,
  storedRentSettingsSchema,
} from '#shared/schemas/rent'
import type { App } from '#server/core/app-type'
import { siteIdParams } from '#server/core/http/serial-id'
import { siteScope } from '#server/core/site-scope'
import { admin, everySite, plotholder, tags } from '#server/features/rent/route-config'
import {
  rentSettings,
  saveRentSettings,
  saveSiteRentSettings,
  siteRentSettings,
} from '#server/features/rent/settings'

// How rent is charged, paid and chased: the administrator's. The organisation's settings are
// every site's that has no rates of its own, so changing them is refused to an administrator
// limited to some sites; a site's own rates are that site's (decision 48).
export function settingsRoutes(app: App) {
  app.get(
    '/api/rent/settings',
    { config: admin, schema: { response: { 200: storedRentSettingsSchema }, tags } },
    () => rentSettings(app.db.kysely),
  )

  // The unit areas are typed and shown in: the plots' screens' and a member's own plot's, not the
  // rest of the settings.
  app.get(
    '/api/rent/area-unit',
    { config: plotholder, schema: { response: { 200: areaUnitAnswerSchema }, tags } },
    async () => ({ areaUnit: (await rentSettings(app.db.kysely)).areaUnit }),
  )

  app.put(
    '/api/rent/settings',
    {
      config: admin,
      ...everySite,
      schema: {
        body: rentSettingsInputSchema,
        response: { 200: storedRentSettingsSchema },
        tags,
      },
    },
    (request) => saveRentSettings(app, request.viewer!, request.body),
  )

  app.get(
    '/api/rent/settings/sites/:siteId',
    {
      config: admin,
      schema: { params: siteIdParams, response: { 200: siteRentSettingsSchema }, tags },
    },
    (request) => siteRentSettings(app.db.kysely, siteScope(request), request.params.siteId),
  )

  app.put(
    '/api/rent/settings/sites/:siteId',
    {
      config: admin,
      schema: {
        params: siteIdParams,
        body: siteRentSettingsInputSchema,
        response: { 200: siteRentSettingsSchema },
        tags,
        description:
          "A site's own rates, or null to charge its plots the organisation's; against the version read. A raise needs takesEffect, no earlier than the notice allows.",
      },
    },
    (request) =>
      saveSiteRentSettings(
        app,
        request.viewer!,
        siteScope(request),
        request.params.siteId,
        request.body,
      ),
  )
}
