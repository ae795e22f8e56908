import { z } from 'zod'
import { rentMessages } from '#shared/messages/rent'
import {
  confirmMatchesSchema,
  statementCheckSchema,
  statementLayoutSchema,
  statementTieSchema,
} from '#shared/schemas/rent'
import type { App } from '#server/core/app-type'
import { readUpload } from '#server/core/http/read-upload'
import type { Rent } from '#server/features/rent/context'
import { recordMatches } from '#server/features/rent/ledger'
import { committee, everySite, tags } from '#server/features/rent/route-config'
import { checkStatement } from '#server/features/rent/statement'
import { saveLayout } from '#server/features/rent/statement-layouts'
import { tieLine } from '#server/features/rent/statement-payers'

export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024

// A bank statement: its lines matched to invoices (nothing stored), then the lines the committee
// confirms recorded as payments; and the column layouts the committee maps for its bank. The
// organisation's bank account pays for every site: a statement, its ties and its layouts are the
// whole organisation's, refused to an account limited to some sites (decision 48).
export function statementRoutes(app: App, rent: Rent) {
  app.post(
    '/api/rent/statement',
    {
      config: committee,
      ...everySite,
      validatorCompiler: () => () => true,
      schema: {
        consumes: ['multipart/form-data'],
        body: z.object({
          file: z.string().meta({
            format: 'binary',
            description: 'A bank statement as CSV, OFX or QIF, at most 5 MB',
          }),
          layout: z
            .string()
            .optional()
            .meta({ description: 'A column layout (JSON, as saved) to read a CSV with' }),
          choose: z
            .literal('1')
            .optional()
            .meta({ description: 'Answer with the first rows, to map the columns again' }),
        }),
        response: { 200: statementCheckSchema },
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
      ...everySite,
      schema: {
        body: confirmMatchesSchema,
        response: { 200: z.object({ recorded: z.number() }) },
        tags,
      },
    },
    (request) => recordMatches(rent, request.viewer!, request.body),
  )

  // A line that is a payment recorded by hand, tied to it: done, and never offered again.
  app.post(
    '/api/rent/statement/ties',
    {
      config: committee,
      ...everySite,
      schema: {
        body: statementTieSchema,
        response: { 200: statementTieSchema },
        tags,
      },
    },
    (request) => tieLine(rent, request.viewer!, request.body),
  )

  app.post(
    '/api/rent/statement-layouts',
    {
      config: committee,
      ...everySite,
      schema: {
        body: statementLayoutSchema,
        response: { 200: z.array(statementLayoutSchema) },
        tags,
      },
    },
    (request) => saveLayout(rent.db, request.viewer!, request.body),
  )
}
