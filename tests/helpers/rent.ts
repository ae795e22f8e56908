import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type {
  StartYear,
  StatementCheck,
  StatementLine,
  YearPreview,
  YearSummary,
} from '#shared/schemas/rent'
import { multipartBody } from './pdf-upload.ts'
import { send } from './records.ts'
import type { TestApp } from './test-app.ts'

// Starting a rent year as the screen does (issue 28): the preview, then the start with what the
// preview said it would send, confirmed.

/** What starting the year would send, as its preview says: the confirmation the start needs. */
export async function previewSending(
  t: TestApp,
  cookie: string,
  startDate: string,
): Promise<StartYear['confirmed']> {
  const preview = await send(t, cookie, 'POST', '/api/rent/years/preview', { startDate })
  expect(preview.statusCode, preview.body).toBe(200)
  return (preview.json() as YearPreview).sending
}

/** Saves the rent settings as they are with the changes given (200 expected). */
export async function saveRentSettings(
  t: TestApp,
  cookie: string,
  changes: Record<string, unknown>,
) {
  const settings = (await send(t, cookie, 'GET', '/api/rent/settings')).json()
  const saved = await send(t, cookie, 'PUT', '/api/rent/settings', { ...settings, ...changes })
  expect(saved.statusCode, saved.body).toBe(200)
}

/** Previews the year and starts it, confirming what the preview said. */
export async function startRentYear(t: TestApp, cookie: string, startDate: string) {
  const confirmed = await previewSending(t, cookie, startDate)
  return send(t, cookie, 'POST', '/api/rent/years', { startDate, confirmed })
}

/** A bank statement uploaded to be checked, as the screen sends it, with any form fields. */
export async function checkStatement(
  t: TestApp,
  cookie: string,
  bytes: string | Uint8Array,
  fields: Record<string, string> = {},
) {
  const { payload, headers } = await multipartBody(fields, {
    bytes: typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
    name: 'statement.csv',
    type: 'text/csv',
  })
  return t.app.inject({
    method: 'POST',
    url: '/api/rent/statement',
    headers: { ...headers, cookie },
    payload,
  })
}

/** A bank statement's lines kept for the accounts, as the screen sends the statement again. */
export async function keepStatementLines(t: TestApp, cookie: string, bytes: string | Uint8Array) {
  const { payload, headers } = await multipartBody(
    {},
    {
      bytes: typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
      name: 'statement.csv',
      type: 'text/csv',
    },
  )
  return t.app.inject({
    method: 'POST',
    url: '/api/rent/bank-lines',
    headers: { ...headers, cookie },
    payload,
  })
}

/** The lines of a statement checked, which must have been read. */
export async function statementLines(
  t: TestApp,
  cookie: string,
  bytes: string | Uint8Array,
): Promise<StatementLine[]> {
  const checked = await checkStatement(t, cookie, bytes)
  expect(checked.statusCode, checked.body).toBe(200)
  const body = checked.json() as StatementCheck
  if (body.kind !== 'lines') throw new Error(`Columns to map: ${checked.body}`)
  return body.lines
}

/**
 * Confirms statement lines as the screen does: each part (the line's whole amount unless given)
 * with a fresh request id and the line's identity.
 */
export const confirmLines = (
  t: TestApp,
  cookie: string,
  parts: ReadonlyArray<{ line: StatementLine; invoiceId: number; amount?: number }>,
) =>
  send(t, cookie, 'POST', '/api/rent/statement/confirm', {
    matches: parts.map(({ line, invoiceId, amount }) => ({
      invoiceId,
      amount: amount ?? line.amount,
      date: line.date,
      reference: line.reference,
      line: line.line,
      requestId: randomUUID(),
      lineId: line.lineId,
    })),
  })

/**
 * A year's summary adds up: what was invoiced, less what came in and went out (credit carried to
 * another invoice and brought from one included), is what is still owed less what is in credit.
 */
export function expectSummaryAddsUp(summary: YearSummary) {
  expect(
    summary.invoiced -
      summary.received +
      summary.refunded -
      summary.writtenOff -
      summary.cancelled +
      summary.carried -
      summary.paidFromCredit,
  ).toBe(summary.outstanding - summary.credit)
}

/** The Plot column of the payments CSV of one day (`query` narrows it, e.g. `&site=2`). */
export async function paymentsCsvPlots(t: TestApp, cookie: string, day: string, query = '') {
  const csv = await send(t, cookie, 'GET', `/api/rent/payments.csv?from=${day}&to=${day}${query}`)
  return csv.body
    .trim()
    .split('\n')
    .slice(1)
    .map((row) => row.split(',')[3])
}
