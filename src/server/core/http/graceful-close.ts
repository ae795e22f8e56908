import type { FastifyInstance } from 'fastify'

/** How often, while stopping, connections left idle by a finished answer are closed. */
const SWEEP_MS = 100

// Once the app begins to close, the port closes and Fastify answers new requests 503, but a
// kept-alive connection whose request was under way stays open after its answer, and would hold
// the stop until the client let it go (72 s with a proxy that keeps its connections). So every
// answer from then on says `Connection: close`, and connections that fall idle are closed.
export function closeConnectionsWhenStopping(app: FastifyInstance) {
  let sweeper: NodeJS.Timeout | undefined
  app.addHook('preClose', async () => {
    sweeper = setInterval(() => app.server.closeIdleConnections(), SWEEP_MS)
  })
  app.addHook('onSend', async (_request, reply) => {
    if (sweeper) reply.header('connection', 'close')
  })
  app.addHook('onClose', async () => clearInterval(sweeper))
}
