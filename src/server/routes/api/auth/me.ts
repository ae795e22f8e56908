import type { App } from '../../../app-type.ts'
import { z } from 'zod'
import { unauthorized } from '../../../errors.ts'

export const meResponse = z.object({ userName: z.string(), level: z.number(), email: z.string() })

// What the client keeps under 'guest': for showing, never for deciding.
export function meRoutes(app: App) {
  app.get(
    '/api/me',
    { config: { minLevel: 0 }, schema: { response: { 200: meResponse }, tags: ['auth'] } },
    async (request) => {
      if (!request.viewer) throw unauthorized()
      const { userName, level, email } = request.viewer
      return { userName, level, email }
    },
  )
}
