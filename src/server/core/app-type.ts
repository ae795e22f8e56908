import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Auth } from '#server/core/auth/auth'
import type { Clock } from '#server/core/clock'
import type { Config } from '#server/core/config'
import type { Hooks } from '#server/core/hooks'
import type { Db } from '#server/core/db/database'
import type { EmailTransport, Mailer } from '#server/core/email/transport'
import type { JobRunner } from '#server/core/jobs/runner'
import type { Copies } from '#server/core/email/copies'
import type { SendList } from '#server/core/http/cached-list'

// What the core hands every feature, as decorators of the Fastify instance.
declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    auth: Auth
    config: Config
    /** Now and today, as the server takes them (TODAY moves both): the one clock of every feature. */
    clock: Clock
    /** Where a feature takes part in the changes of the features below it (core/hooks.ts). */
    hooks: Hooks
    /** How enquiries reach the committee. */
    transport: EmailTransport
    /** E-mail to anyone, through the mail server or into the outbox folder. */
    mailer: Mailer
    /** Work for later, stored in the database (core/jobs); features define their kinds. */
    jobs: JobRunner
    /** Letters and e-mails to people: batches of copies, sent by jobs (core/email/copies). */
    copies: Copies
    /** Whole-collection answers cached per data version (core/http/cached-list.ts). */
    sendList: SendList
  }
}

/** The Fastify instance as route files see it: zod schemas type the request and reply. */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>
