import Fastify from 'fastify'

// The baseline: the smallest Fastify app on the same machine, measured in the same run.
const app = Fastify({ logger: false })
app.get('/hello', async () => ({ hello: 'world' }))
const port = Number(process.env.PORT ?? 0)
await app.listen({ port, host: '127.0.0.1' })
console.log(`listening ${(app.server.address() as { port: number }).port}`)
