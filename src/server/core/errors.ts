import type { Outcome } from '#shared/domain/outcome'
import { accountMessages } from '#shared/messages/accounts'
import { serverMessages } from '#shared/messages/server'

// A failure the user can understand and act on: it reaches the client as problem details with
// this status and detail (RFC 9457). Anything else thrown is a bug or an outage, shown generically.
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly title = defaultTitle(status),
  ) {
    super(detail)
  }
}

export const badRequest = (detail: string) => new AppError(400, detail)
export const unauthorized = (detail: string = serverMessages.signInRequired) =>
  new AppError(401, detail)
export const forbidden = (detail: string = serverMessages.noAccess) => new AppError(403, detail)
export const notFound = (detail: string) => new AppError(404, detail)
export const conflict = (detail: string) => new AppError(409, detail)
export const unprocessable = (detail: string) => new AppError(422, detail)

/** A refusal for now: too many attempts. The answer says how long to wait, also as Retry-After. */
export class TooManyAttempts extends AppError {
  constructor(readonly retryAfter: number) {
    super(429, accountMessages.tooManyAttempts(retryAfter))
  }
}

export const tooManyAttempts = (seconds: number) =>
  new TooManyAttempts(Math.max(1, Math.ceil(seconds)))

export function defaultTitle(status: number): string {
  const titles: Record<number, string> = {
    400: 'Invalid request',
    401: 'Not signed in',
    403: 'Not allowed',
    404: 'Not found',
    409: 'Conflict',
    413: 'Too large',
    415: 'Unsupported media type',
    422: 'Refused',
    429: 'Too many requests',
  }
  return titles[status] ?? (status >= 500 ? 'Server error' : 'Request failed')
}

// A domain rule's refusal carries the spec's message; the client shows it as it is.
export function unlessRefused<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw unprocessable(outcome.message)
  return outcome.value
}
