import { Migrator, type CreateTableBuilder, type Migration } from 'kysely'
import type { Db } from '#server/core/db/database'
import { coreTables } from '#server/core/db/migrations/001-core-tables'
import { webVitals } from '#server/core/db/migrations/003-web-vitals'
import { signInFailures } from '#server/core/db/migrations/004-sign-in-failures'
import { signInFailuresPerClient } from '#server/core/db/migrations/005-sign-in-failures-per-client'
import { dataVersionSequence } from '#server/core/db/migrations/006-data-version-sequence'
import { enquiryDelivery } from '#server/core/db/migrations/007-enquiry-delivery'
import { news } from '#server/core/db/migrations/008-news'
import { jobs } from '#server/core/db/migrations/009-jobs'
import { messages } from '#server/core/db/migrations/010-messages'
import { messageTemplates } from '#server/core/db/migrations/011-message-templates'
import { rent } from '#server/core/db/migrations/012-rent'
import { letting } from '#server/core/db/migrations/013-letting'
import { offers } from '#server/core/db/migrations/014-offers'
import { wideMoney } from '#server/core/db/migrations/015-wide-money'
import { applicationExpiryJobs } from '#server/core/db/migrations/016-application-expiry-jobs'
import { waitingOrder } from '#server/core/db/migrations/017-waiting-order'
import { importRuns } from '#server/core/db/migrations/018-import-runs'
import { passwordResets } from '#server/core/db/migrations/019-password-resets'
import { invitations } from '#server/core/db/migrations/020-invitations'
import { emailChanges } from '#server/core/db/migrations/021-email-changes'
import { erasedPeople } from '#server/core/db/migrations/022-erased-people'
import { retention } from '#server/core/db/migrations/023-retention'
import { statementLines } from '#server/core/db/migrations/024-statement-lines'
import { inspections } from '#server/core/db/migrations/025-inspections'
import { accountEmailLinks } from '#server/core/db/migrations/026-account-email-links'
import { messageAttachments } from '#server/core/db/migrations/027-message-attachments'
import { applicationsPerAddress } from '#server/core/db/migrations/028-applications-per-address'
import { feesInPence } from '#server/core/db/migrations/032-fees-in-pence'
import { statementPayers } from '#server/core/db/migrations/033-statement-payers'
import { tenancyPayer } from '#server/core/db/migrations/034-tenancy-payer'
import { invoiceMonths } from '#server/core/db/migrations/035-invoice-months'
import { personTitleNotesReference } from '#server/core/db/migrations/036-person-title-notes-reference'
import { tenancyEnds } from '#server/core/db/migrations/038-tenancy-ends'
import { backupRuns } from '#server/core/db/migrations/043-backup-runs'
import { DEFAULT_SITE_NAME, sites } from '#server/core/db/migrations/044-sites'
import { siteReach } from '#server/core/db/migrations/045-site-reach'
import { waitingPlaces } from '#server/core/db/migrations/046-waiting-places'
import { siteMaps } from '#server/core/db/migrations/048-site-maps'
import { siteWork } from '#server/core/db/migrations/049-site-work'
import { concessions } from '#server/core/db/migrations/050-concessions'
import { deposits } from '#server/core/db/migrations/051-deposits'
import { bankLines } from '#server/core/db/migrations/052-bank-lines'
import { instalments } from '#server/core/db/migrations/053-instalments'
import { keys } from '#server/core/db/migrations/060-keys'
import { concessionPlots } from '#server/core/db/migrations/056-concession-plots'
import { rentNotices } from '#server/core/db/migrations/057-rent-notices'
import { rateRaises } from '#server/core/db/migrations/058-rate-raises'
import { calendar } from '#server/core/db/migrations/059-calendar'
import { calendarComing } from '#server/core/db/migrations/061-calendar-coming'
import { workAttendance } from '#server/core/db/migrations/062-work-attendance'
import { oneRowAtVersion } from '#server/core/db/migrations/063-one-row-at-version'

export interface MigrationContext {
  idColumn<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'>
  blobType: 'blob' | 'bytea'
  dialect: 'sqlite' | 'postgres'
  /** What an installation's first site is called when its association's name was never saved. */
  firstSiteName: string
}

// Numbered, in order; a migration once released is never edited, only followed by another.
const migrations: Record<string, (context: MigrationContext) => Migration> = {
  '001-core-tables': coreTables,
  '003-web-vitals': webVitals,
  '004-sign-in-failures': signInFailures,
  '005-sign-in-failures-per-client': signInFailuresPerClient,
  '006-data-version-sequence': dataVersionSequence,
  '007-enquiry-delivery': enquiryDelivery,
  '008-news': news,
  '009-jobs': jobs,
  '010-messages': messages,
  '011-message-templates': messageTemplates,
  '012-rent': rent,
  '013-letting': letting,
  '014-offers': offers,
  '015-wide-money': wideMoney,
  '016-application-expiry-jobs': applicationExpiryJobs,
  '017-waiting-order': waitingOrder,
  '018-import-runs': importRuns,
  '019-password-resets': passwordResets,
  '020-invitations': invitations,
  '021-email-changes': emailChanges,
  '022-erased-people': erasedPeople,
  '023-retention': retention,
  '024-statement-lines': statementLines,
  '025-inspections': inspections,
  '026-account-email-links': accountEmailLinks,
  '027-message-attachments': messageAttachments,
  '028-applications-per-address': applicationsPerAddress,
  '032-fees-in-pence': feesInPence,
  '033-statement-payers': statementPayers,
  '034-tenancy-payer': tenancyPayer,
  '035-invoice-months': invoiceMonths,
  '036-person-title-notes-reference': personTitleNotesReference,
  '038-tenancy-ends': tenancyEnds,
  '043-backup-runs': backupRuns,
  '044-sites': sites,
  '045-site-reach': siteReach,
  '046-waiting-places': waitingPlaces,
  '048-site-maps': siteMaps,
  '049-site-work': siteWork,
  '050-concessions': concessions,
  '051-deposits': deposits,
  '052-bank-lines': bankLines,
  '053-instalments': instalments,
  '056-concession-plots': concessionPlots,
  '057-rent-notices': rentNotices,
  '058-rate-raises': rateRaises,
  '059-calendar': calendar,
  '060-keys': keys,
  '061-calendar-coming': calendarComing,
  '062-work-attendance': workAttendance,
  '063-one-row-at-version': oneRowAtVersion,
}

/** What a migration is told about the engine it runs on. */
export function contextFor(db: Db, firstSiteName = DEFAULT_SITE_NAME): MigrationContext {
  const postgres = db.dialect === 'postgres'
  return {
    idColumn: (table) =>
      postgres
        ? table.addColumn('id', 'serial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
    blobType: postgres ? 'bytea' : 'blob',
    dialect: db.dialect,
    firstSiteName,
  }
}

function migratorFor(db: Db, firstSiteName?: string): Migrator {
  const context = contextFor(db, firstSiteName)
  return new Migrator({
    db: db.kysely,
    // Kysely looks for its own tables in every schema it can see; name ours, so that several
    // schemas in one database (tests, or associations sharing a server) never mix them up.
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
    provider: {
      getMigrations: async () =>
        Object.fromEntries(Object.entries(migrations).map(([name, make]) => [name, make(context)])),
    },
  })
}

/** `firstSiteName`: the environment's association name, for the first site (migration 044). */
export async function migrateToLatest(db: Db, firstSiteName?: string): Promise<void> {
  const { error, results } = await migratorFor(db, firstSiteName).migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error })
  }
}

/** The migrations this code knows, how many of them the database has had, and the latest. */
export async function migrationState(db: Db) {
  const known = await migratorFor(db).getMigrations()
  const applied = known.filter((migration) => migration.executedAt !== undefined)
  return { known: known.length, applied: applied.length, latest: applied.at(-1)?.name ?? null }
}
