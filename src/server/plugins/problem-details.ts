import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import { AppError, defaultTitle } from '../errors.ts'

export interface Problem {
  type: string
  title: string
  status: number
  detail: string
}

export function sendProblem(reply: FastifyReply, status: number, detail: string, title?: string) {
  const problem: Problem = { type: 'about:blank', title: title ?? defaultTitle(status), status, detail }
  return reply.status(status).type('application/problem+json').send(problem)
}

interface ValidationIssue {
  message?: string
  instancePath?: string
}

// The one place where an error becomes a response: 4xx messages go through to the user,
// 5xx become a generic sentence and are logged with their cause.
export function problemDetails(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return sendProblem(reply, error.status, error.detail, error.title)
    const validation = (error as FastifyError).validation as ValidationIssue[] | undefined
    if (validation?.length) {
      return sendProblem(reply, 400, validation[0]?.message ?? 'The request is not valid.')
    }
    const status = (error as FastifyError).statusCode ?? 500
    if (status >= 400 && status < 500) return sendProblem(reply, status, error.message)
    request.log.error({ err: error }, 'request failed')
    return sendProblem(reply, 500, 'Something went wrong on the server. Please try again.')
  })
}
