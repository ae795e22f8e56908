import type { App } from '#server/core/app-type'
import { viewerSchema } from '#shared/schemas/account'
import { LEVELS } from '#shared/domain/levels'

// What the client keeps under 'guest': for showing, never for deciding.
export async function meFeature(app: App) {
  app.get(
    '/api/me',
    {
      config: { minLevel: LEVELS.guest, needsSession: true, duringPasswordChange: true },
      schema: { response: { 200: viewerSchema }, tags: ['auth'] },
    },
    async (request) => {
      const { userName, email, level, mustChangePassword, hasRecord, sites } = request.viewer!
      return { userName, email, level, mustChangePassword, hasRecord, sites }
    },
  )
}
