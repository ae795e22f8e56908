import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { appOf } from '#shared/domain/site-apps'
import { serverMessages } from '#shared/messages/server'
import { sendProblem } from '#server/core/http/problem-details'

// Whether an address names a hidden file or folder, such as the build manifest in .vite/ (for the
// bundle-budget test, not for visitors), however it is spelt: percent-encoded, with doubled
// slashes, `.` or `..` segments, or in another case. Checked on the path as the file system will
// see it, not on the address as sent. Nothing the client needs is hidden.
function hiddenPath(pathname: string): boolean {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return true
  }
  return path.posix
    .normalize(`/${decoded}`)
    .split('/')
    .some((segment) => segment.startsWith('.'))
}

// The site is two apps (decision 23): each address gets its app's page.
const pageFor = (pathname: string) =>
  appOf(pathname) === 'members' ? 'members.html' : 'index.html'

// Serves the built client. Hashed assets are cached for a year; any other GET that is not an API
// call gets its app's page, so that deep links such as /members/plots/12 work after a reload.
export async function spa(app: FastifyInstance, clientDir: string) {
  const index = path.join(clientDir, 'index.html')
  const built = fs.existsSync(index)
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      allowedPath: (pathName) => !hiddenPath(pathName),
      // And the file server's own check, on the very path it opens.
      dotfiles: 'ignore',
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        )
      },
    })
  }
  // A page names the hashed assets of the current build, so it is always revalidated.
  const sendPage = (reply: FastifyReply, pathname: string) =>
    reply.header('cache-control', 'no-cache').sendFile(pageFor(pathname))
  // The home page explicitly: the static handler would answer '/' as a directory (403) to a
  // client that does not ask for a compressed answer.
  if (built) app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply, '/'))
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? ''
    const page = request.method === 'GET' || request.method === 'HEAD'
    if (built && page && !pathname.startsWith('/api/') && !hiddenPath(pathname)) {
      return sendPage(reply, pathname)
    }
    return sendProblem(reply, 404, serverMessages.nothingAt(request.method, pathname))
  })
}
