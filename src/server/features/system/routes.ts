import type { App } from '#server/core/app-type'
import { LEVELS } from '#shared/domain/levels'
import { systemStateSchema } from '#shared/schemas/system'
import { systemState } from '#server/features/system/service'

// The administrator's System page (issue 45): what a person looking after the server needs to
// see without reading the database. /health, for machines, is the core's (core/http/health.ts).
export async function systemFeature(app: App) {
  app.get(
    '/api/system',
    {
      config: { minLevel: LEVELS.admin },
      schema: {
        response: { 200: systemStateSchema },
        tags: ['system'],
        description:
          'The version, the database engine and size, migrations applied, the jobs waiting and ' +
          'failed, e-mails not sent, the last backup and the disk space left on the data folder.',
      },
    },
    () => systemState(app),
  )
}
