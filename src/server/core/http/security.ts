import type { FastifyInstance } from 'fastify'
import { serverMessages } from '#shared/messages/server'
import { badRequest, forbidden } from '#server/core/errors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

// helmet's defaults with our policy, written out once: no inline script or style, nothing framed,
// no plugins, no <base>. Fixed text, so nothing is worked out per request.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  // blob: for photos shown from the phone's own storage before they are sent (inspections).
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';')

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
}

/** Whether any string (or key) in a parsed request part holds a NUL character. */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (!value || typeof value !== 'object' || depth > 32) return false
  return Object.entries(value).some(
    ([key, inner]) => key.includes('\u0000') || hasNul(inner, depth + 1),
  )
}

// A host name or IPv4 address, or an IPv6 address in brackets, with an optional port: nothing
// that could carry a path, a query or a backslash into a URL built from it.
const PLAIN_HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/

function isPlainHost(host: string | undefined): boolean {
  return host === undefined || PLAIN_HOST.test(host)
}

export async function security(app: FastifyInstance, origins: readonly string[]) {
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(SECURITY_HEADERS)
    // Nothing routes by the Host header, but a malformed one has no business reaching any code.
    if (!isPlainHost(request.headers.host)) throw badRequest(serverMessages.badHost)
  })

  // Session cookies ride along with any request the browser makes, so a state-changing request
  // must come from one of our own pages: an origin of the configured public address, never one
  // worked out from the request's own headers. Browsers always send Origin on such requests.
  const allowed = new Set(origins)
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return
    const origin = request.headers.origin
    if (origin !== undefined && !allowed.has(origin))
      throw forbidden(serverMessages.crossSiteRefused)
  })

  // PostgreSQL cannot store NUL in text (SQLite can), and no id or field of ours has a use for
  // it: refuse it before validation, alike on both engines, instead of failing with a 500 at the
  // database. Multipart forms are read later, by their route (read-upload.ts).
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      throw badRequest(serverMessages.nulRefused)
    }
  })
}
