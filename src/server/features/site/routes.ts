import type { App } from '#server/core/app-type'
import { settingsSchema, siteInfoSchema, updateSettingsSchema } from '#shared/schemas/settings'
import { readSettings, siteInfo, updateSettings } from '#server/features/site/service'
import { LEVELS } from '#shared/domain/levels'

const administrator = { minLevel: LEVELS.admin }
const tags = ['site']

// The association's own details and the texts of its Home and About pages: the administrator
// sets them; until then the environment's details and the spec's texts stand.
export async function siteFeature(app: App) {
  const { db, config, sendList } = app
  app.get(
    '/api/site',
    {
      config: { minLevel: LEVELS.guest },
      schema: {
        response: { 200: siteInfoSchema },
        tags,
        description:
          'The public header, footer, Home and About texts; the texts are HTML rendered from Markdown, typed HTML escaped.',
      },
    },
    // Every public page asks for it: rendered once per data version, like the public lists.
    (request, reply) => sendList(request, reply, siteInfoSchema, () => siteInfo(db, config)),
  )

  app.get(
    '/api/settings',
    {
      config: administrator,
      schema: {
        response: { 200: settingsSchema },
        tags,
        description: 'The settings as written (Markdown texts), each unset field with its default.',
      },
    },
    () => readSettings(db, config),
  )

  app.put(
    '/api/settings',
    {
      config: administrator,
      schema: {
        body: updateSettingsSchema,
        response: { 200: settingsSchema },
        tags,
        description: 'Saves every setting; 409 when the version is stale.',
      },
    },
    (request) => updateSettings(db, config, request.viewer!, request.body),
  )
}
