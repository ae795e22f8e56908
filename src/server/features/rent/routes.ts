import multipart from '@fastify/multipart'
import type { App } from '#server/core/app-type'
import { EVERY_SITE } from '#server/core/site-scope'
import type { Rent } from '#server/features/rent/context'
import { bankLineRoutes } from '#server/features/rent/bank-line-routes'
import { concessionRoutes } from '#server/features/rent/concession-routes'
import { depositRoutes } from '#server/features/rent/deposit-routes'
import { deadlineJob } from '#server/features/rent/deadlines'
import { invoiceAsPdf } from '#server/features/rent/invoices'
import { invoiceRoutes } from '#server/features/rent/invoice-routes'
import { invoiceLetPlot, settleLeaversInvoice } from '#server/features/rent/part-year'
import {
  eraseRentData,
  mergeRentData,
  owedBlocksErasure,
  rentDataOf,
} from '#server/features/rent/person-data'
import { rateRaiseRoutes } from '#server/features/rent/rate-raise-routes'
import { reportRoutes } from '#server/features/rent/report-routes'
import { settingsRoutes } from '#server/features/rent/settings-routes'
import { rentYearUnderWay } from '#server/features/rent/sql'
import { STATEMENT_MAX_BYTES, statementRoutes } from '#server/features/rent/statement-routes'
import { yearRoutes } from '#server/features/rent/year-routes'

// The rent year: settings (administrator), invoices, the ledger, reminders and reports
// (committee). Amounts are whole pence throughout. The routes are grouped by what they serve,
// one file each; the services beside them do the work.
export async function rentFeature(app: App) {
  const rent: Rent = {
    db: app.db,
    config: app.config,
    clock: app.clock,
    copies: app.copies,
    jobs: app.jobs,
    hooks: app.hooks,
  }
  await app.register(multipart, {
    limits: { fileSize: STATEMENT_MAX_BYTES, files: 1, fields: 1, parts: 2 },
  })
  const deadline = deadlineJob(rent)
  app.jobs.define(deadline)
  // An e-mail's attachment: the copy made by a change that was allowed, sent by the system.
  app.copies.defineAttachment('invoice', async (id) => {
    const { fileName, bytes } = await invoiceAsPdf(rent, EVERY_SITE, Number(id))
    return { filename: fileName, content: bytes, contentType: 'application/pdf' }
  })
  // Once a rent year is under way, a plot's paid flag follows the ledger, not the plot's form.
  app.hooks.paidFollowsLedger.push(rentYearUnderWay)
  // A plot let or given up after the year started (issue 43).
  app.hooks.plotLet.push(invoiceLetPlot(rent, deadline))
  app.hooks.endingTenancy.push(settleLeaversInvoice(rent))
  app.hooks.describingPerson.push(rentDataOf)
  app.hooks.erasureBlockers.push(owedBlocksErasure)
  app.hooks.erasingPerson.push(eraseRentData)
  app.hooks.mergingPeople.push(mergeRentData)

  settingsRoutes(app)
  yearRoutes(app, rent, deadline)
  invoiceRoutes(app, rent, deadline)
  statementRoutes(app, rent)
  reportRoutes(app, rent)
  concessionRoutes(app, rent)
  bankLineRoutes(app, rent)
  depositRoutes(app, rent)
  rateRaiseRoutes(app)
}
