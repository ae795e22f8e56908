import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import { commonMessages } from '#shared/messages/common'
import { serverMessages } from '#shared/messages/server'
import { AppError, defaultTitle, TooManyAttempts } from '#server/core/errors'

export interface Problem {
  type: string
  title: string
  status: number
  detail: string
}

export function sendProblem(reply: FastifyReply, status: number, detail: string, title?: string) {
  const problem: Problem = {
    type: 'about:blank',
    title: title ?? defaultTitle(status),
    status,
    detail,
  }
  return reply.status(status).type('application/problem+json').send(problem)
}

interface ValidationIssue {
  message?: string
  instancePath?: string
}

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
}

// zod's own words for a wrong type ('Invalid input: expected string, received undefined') name
// neither the field nor anything a person would say; the spec's messages pass through as they are.
function validationMessage(issue: ValidationIssue | undefined, context?: string): string {
  const message = issue?.message ?? serverMessages.requestInvalid
  const generic = /^Invalid input: expected (\w+), received (\w+)$/.exec(message)
  if (!generic) return message
  const field = issue?.instancePath?.split('/').filter(Boolean).join('.')
  const subject = field ? `The field '${field}'` : `The request ${context ?? 'body'}`
  const [, expected = '', received] = generic
  if (received === 'undefined') return commonMessages.inputMissing(subject)
  return commonMessages.inputWrongType(subject, KINDS[expected] ?? `of type ${expected}`)
}

/** For Fastify's option of that name: the router's refusals (bad percent-encoding, ids too long). */
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH'
  const detail = tooLong ? serverMessages.addressTooLong : serverMessages.addressInvalid
  return sendProblem(reply, error.statusCode ?? 400, detail)
}

// The one place where an error becomes a response: 4xx messages go through to the user,
// 5xx become a generic sentence and are logged with their cause.
export function problemDetails(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof TooManyAttempts) reply.header('retry-after', String(error.retryAfter))
    if (error instanceof AppError)
      return sendProblem(reply, error.status, error.detail, error.title)
    const validation = (error as FastifyError).validation as ValidationIssue[] | undefined
    if (validation?.length) {
      const context = (error as FastifyError).validationContext
      return sendProblem(reply, 400, validationMessage(validation[0], context))
    }
    const status = (error as FastifyError).statusCode ?? 500
    if (status >= 400 && status < 500) return sendProblem(reply, status, error.message)
    request.log.error({ err: error }, 'request failed')
    return sendProblem(reply, 500, serverMessages.serverFailed)
  })
}
