import type { App } from '#server/core/app-type'
import { LEVELS } from '#shared/domain/levels'
import { setupSchema, setupStepParams, skipStepSchema } from '#shared/schemas/setup'
import { getSetup, skipSetupStep } from '#server/features/setup/service'

const administrator = { minLevel: LEVELS.admin }
const tags = ['setup']

// The first-run steps an administrator is led through on an empty database (issue 14).
export async function setupFeature(app: App) {
  const { db } = app
  app.get(
    '/api/setup',
    {
      config: administrator,
      schema: {
        response: { 200: setupSchema },
        tags,
        description:
          'Each first-run step done (its work shows in the data), skipped, or to do; and whether ' +
          'the administrator is led to them on signing in (no plots and no people yet).',
      },
    },
    () => getSetup(db),
  )

  app.put(
    '/api/setup/steps/:id',
    {
      config: administrator,
      schema: {
        params: setupStepParams,
        body: skipStepSchema,
        response: { 200: setupSchema },
        tags,
        description: 'Skips a step, or takes it up again.',
      },
    },
    (request) => skipSetupStep(db, request.viewer!, request.params.id, request.body.skipped),
  )
}
