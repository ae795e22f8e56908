import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import { forbidden } from '../errors.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export async function security(app: FastifyInstance, publicUrl?: string) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  })

  // Session cookies ride along with any request the browser makes, so a state-changing request
  // must come from one of our own pages. Browsers always send Origin on such requests.
  const allowed = publicUrl ? new URL(publicUrl).origin : undefined
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return
    const origin = request.headers.origin
    if (!origin) return
    const own = `${request.protocol}://${request.host}`
    if (origin !== own && origin !== allowed) throw forbidden('Cross-site requests are refused.')
  })
}
