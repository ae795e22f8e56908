import {
  areaUnitAnswerSchema,
  rentSettingsInputSchema,
  storedRentSettingsSchema,
} from '#shared/schemas/rent'
import type { App } from '#server/core/app-type'
import { admin, plotholder, tags } from '#server/features/rent/route-config'
import { rentSettings, saveRentSettings } from '#server/features/rent/settings'

// How rent is charged, paid and chased: the administrator's.
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
      schema: {
        body: rentSettingsInputSchema,
        response: { 200: storedRentSettingsSchema },
        tags,
      },
    },
    (request) => saveRentSettings(app.db, request.viewer!, request.body),
  )
}
