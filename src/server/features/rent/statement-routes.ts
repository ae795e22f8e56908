import { z } from 'zod'
import { rentMessages } from '#shared/messages/rent'
import { confirmMatchesSchema, statementLineSchema } from '#shared/schemas/rent'
import type { App } from '#server/core/app-type'
import { readUpload } from '#server/core/http/read-upload'
import type { Rent } from '#server/features/rent/context'
import { recordMatches } from '#server/features/rent/ledger'
import { committee, tags } from '#server/features/rent/route-config'
import { checkStatement } from '#server/features/rent/statement'

export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024

// A bank statement: its lines matched to invoices (nothing stored), then the lines the committee
// confirms recorded as payments.
export function statementRoutes(app: App, rent: Rent) {
  app.post(
    '/api/rent/statement',
    {
      config: committee,
      validatorCompiler: () => () => true,
      schema: {
        consumes: ['multipart/form-data'],
        body: z.object({
          file: z
            .string()
            .meta({ format: 'binary', description: 'A bank statement as CSV, at most 5 MB' }),
        }),
        response: { 200: z.array(statementLineSchema) },
        tags,
      },
    },
    async (request) =>
      checkStatement(rent.db, await readUpload(request, rentMessages.oneStatementOnly)),
  )

  app.post(
    '/api/rent/statement/confirm',
    {
      config: committee,
      schema: {
        body: confirmMatchesSchema,
        response: { 200: z.object({ recorded: z.number() }) },
        tags,
      },
    },
    (request) => recordMatches(rent, request.viewer!, request.body),
  )
}
