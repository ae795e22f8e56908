import type { Generated, Insertable, Selectable } from 'kysely'
import type { Delivery } from '#shared/schemas/contact'
import type { ContactBy, MessageStatus } from '#shared/domain/contact-ways'
import type { CategoryBy } from '#shared/domain/bank-lines'
import type { OfferStatus, WaitingListEventKind } from '#shared/schemas/letting'
import type { TenancyEndReason } from '#shared/domain/tenancy-end'

// Booleans are stored as 0/1 integers so that the same rows work on SQLite and PostgreSQL.
type Flag = number

export interface PeopleTable {
  id: string
  firstName: string
  lastName: string
  dateJoined: string
  joinedWaitingList: string
  /** The moment of joining the waiting list (ISO), '' when only the date is known. */
  joinedWaitingListAt: Generated<string>
  /** The order of entry onto the list: the id of the waiting-list event that gave the place. */
  waitingListEntry: Generated<number>
  address: string
  phoneNumber: string
  email: string
  altEmail: string
  isPlotHolder: Flag
  onWaitingList: Flag
  contactBy: ContactBy
  /** A concession on the rent (pensioner, unwaged): 0 or 1. */
  concession: Generated<Flag>
  version: number
  /** The day the person's details were erased (issue 30); null for everyone else. */
  erasedOn: string | null
  /** Mr, Mrs, Dr…: what letters greet them by; '' when not known (issue 44). */
  title: Generated<string>
  /** The committee's notes about the person. */
  notes: Generated<string>
  /** Their reference for "Where am I on the list?"; null only on an erased record. */
  reference: string | null
}

export interface PlotsTable {
  /** The plot's key, which every other record names it by; unique in the installation. */
  id: string
  /** The site it is on (issue 46). */
  siteId: number
  /** What it is called, unique within its site: its id, unless another site had it first. */
  name: string
  description: string
  area: number
  distance: number
  gradient: string
  /** Pence (a plot's record gives pounds and pence). */
  feePence: number
  /** full, half or quarter; null: charged by the rent settings' basis. */
  sizeBand: string | null
  paid: Flag
  showOnGrid: Flag
  isNew: Flag
  isFailed: Flag
  version: number
}

/** One of the organisation's sites (issue 46); a retired one keeps its records. */
export interface SitesTable {
  id: Generated<number>
  name: string
  address: string
  description: string
  /** Comma-separated facilities: water, toilets, parking, stepFree. */
  facilities: string
  retiredOn: string | null
  version: number
}

export interface TenancyTable {
  plotId: string
  personId: string
  /** 1 on the tenancy of the plot's chosen payer (issue 43); 0 on the others. */
  pays: Generated<number>
  /** The day it began (issue 44); '' where not recorded: the holder's Date joined stands for it. */
  beganOn: Generated<string>
  /** The plot's site (issue 46, decision 46): people are found by site without reading plots. */
  siteId: number
}

/** A tenancy that ended (issue 44): when it began and ended, and why (people feature). */
export interface TenancyEndsTable {
  id: Generated<number>
  plotId: string
  personId: string
  beganOn: string
  endedOn: string
  reason: TenancyEndReason
  /** When the committee (or a notice to quit) recorded it. */
  recordedAt: string
}

export interface LogsTable {
  id: Generated<number>
  timeStamp: string
  userName: string
  methodName: string
  eventCollection: string
  docId: string
  value: string
  error: string
  /** The sites the change touched (issue 46), ids comma-separated; '' for none. */
  siteIds: Generated<string>
}

export interface FilesTable {
  id: Generated<number>
  name: string
  contentType: string
  size: number
  data: Uint8Array
  createdAt: string
}

export interface LandDocumentsTable {
  id: Generated<number>
  name: string
  fileId: number
  dateDescription: string
  sortOrder: number
}

export interface EnquiriesTable {
  id: Generated<number>
  name: string
  email: string
  enquiry: string
  createdAt: string
  sentAt: string | null
  deliveredTo: Delivery | null
  attempts: number
  lastError: string | null
}

export interface NewsTable {
  id: Generated<number>
  title: string
  /** The day the post is dated, YYYY-MM-DD. */
  date: string
  body: string
  published: Flag
  version: number
  updatedAt: string
}

/** Work for later, claimed by one instance at a time (core/jobs). */
export interface JobsTable {
  id: Generated<number>
  kind: string
  /** JSON. */
  payload: string
  runAt: string
  /** Claims so far, counted when claimed, so that a job that crashes its runner is counted too. */
  attempts: number
  maxAttempts: number
  lockedBy: string | null
  lockedUntil: string | null
  finishedAt: string | null
  outcome: 'done' | 'failed' | null
  lastError: string | null
  createdAt: string
}

export interface MessageBatchesTable {
  id: Generated<number>
  subject: string
  body: string
  /** Who it went to, in words ("All plot holders"). */
  audience: string
  createdBy: string
  createdAt: string
  /** Names a batch that gathers copies over time (the first reminders of a rent year). */
  key: string | null
  /** The sites of the people it went to, ids comma-separated ('' for none): decision 50. */
  siteIds: Generated<string>
}

export interface MessagesTable {
  id: Generated<number>
  batchId: number
  personId: string
  channel: 'email' | 'post'
  /** The e-mail address or the postal address it went to. */
  recipient: string
  subject: string
  body: string
  status: MessageStatus
  attempts: number
  lastError: string | null
  sentAt: string | null
  createdAt: string
  /** A document made when the e-mail is sent and attached to it: `invoice:12`. */
  attachment: string | null
}

export interface MessageTemplatesTable {
  id: Generated<number>
  name: string
  subject: string
  body: string
  version: number
  updatedAt: string
}

export interface RentYearsTable {
  id: Generated<number>
  startDate: string
  dueDate: string
  label: string
  createdBy: string
  createdAt: string
}

export interface InvoicesTable {
  id: Generated<number>
  /** In sequence without gaps across all years. */
  number: number
  yearId: number
  plotId: string
  payerId: string
  payerName: string
  payerAddress: string
  issuedOn: string
  dueDate: string
  /** Whole pence: the sum of its lines. */
  amount: number
  /** The twelfths of the year it charges: 12 unless its plot was let after the year started. */
  months: Generated<number>
  createdAt: string
}

export interface InvoiceLinesTable {
  id: Generated<number>
  invoiceId: number
  description: string
  amount: number
}

/** Append-only: what happened to an invoice's money. */
export interface LedgerTable {
  id: Generated<number>
  invoiceId: number
  kind: 'payment' | 'refund' | 'writeoff' | 'cancel' | 'carry' | 'credit'
  amount: number
  method: 'cash' | 'cheque' | 'transfer' | 'card' | null
  date: string
  reference: string
  requestId: string
  createdBy: string
  createdAt: string
  /** A statement line's identity and part (`<sha256>:1`), for a payment from a bank statement. */
  statementLine: string | null
}

/** A statement line's payer text and the person it was paid for (issue 43). */
export interface StatementPayersTable {
  payerText: string
  personId: string
  createdBy: string
  createdAt: string
}

/** A statement line tied to the payment recorded by hand that it is (issue 43). */
export interface StatementTiesTable {
  lineId: string
  entryId: number
  createdBy: string
  createdAt: string
}

/** A bank statement's line, in or out, kept once by its identity (issue 47, item 4). */
export interface BankLinesTable {
  /** The statement line's identity (a sha256), as the ledger's statementLine has it. */
  lineId: string
  date: string
  /** Pence, money out below nought. */
  amount: number
  reference: string
  /** The words that name the payee, by which a rule knows the line. */
  payee: string
  /** The balance after the line, in pence, where the statement gives it. */
  balance: number | null
  /** The order lines were kept in, oldest first within a statement. */
  seq: number
  categoryKey: string | null
  /** Who gave it: a payment matched from it, a rule, or the treasurer. */
  categoryBy: CategoryBy | null
  keptBy: string
  keptAt: string
}

/** A category the treasurer added, renamed or retired; the usual ones are the code's. */
export interface BankCategoriesTable {
  key: string
  name: string
  kind: 'income' | 'spending'
  retiredOn: string | null
  changedBy: string
  changedAt: string
}

/** A payee's words and the category the treasurer last gave a line of theirs. */
export interface BankRulesTable {
  payee: string
  categoryKey: string
  createdBy: string
  createdAt: string
}

/** The bank balance the treasurer gives for the start of a financial year. */
export interface AccountOpeningsTable {
  startsOn: string
  balance: number
  enteredBy: string
  enteredAt: string
}

export interface RentStepsTable {
  invoiceId: number
  step: 'first' | 'second' | 'arrears'
  date: string
  /** The due date the step counted from: the invoice's, or an instalment's (decision 60). */
  fromDate: string
}

/** An invoice's split into instalments, one version after another (decision 60). */
export interface InstalmentPlansTable {
  id: Generated<number>
  invoiceId: number
  version: number
  /** What of the invoice was settled when it was split: the instalments settle only what follows. */
  coveredBefore: number
  madeBy: string
  madeAt: string
}

export interface InstalmentsTable {
  planId: number
  /** 1, 2, … in due-date order. */
  position: number
  dueDate: string
  amount: number
}

/** An application for a plot from the public site; a person once confirmed. */
export interface ApplicationsTable {
  id: Generated<number>
  reference: string
  /** The nickname the person will have on the waiting list. */
  nickname: string
  firstName: string
  lastName: string
  email: string
  phoneNumber: string
  address: string
  note: string
  /** SHA-256 of the confirmation link's token; cleared when it is used. */
  tokenHash: string | null
  tokenExpiresAt: string | null
  createdAt: string
  confirmedAt: string | null
  /** The sites whose lists the applicant chose, ids comma-separated (issue 46). */
  sites: Generated<string>
}

/**
 * A person's place on a site's waiting list (issue 46, decision 47), ordered on it as the one
 * list was: the date, the time and the order of entry of joining it. An ended place keeps its row.
 */
export interface WaitingPlacesTable {
  personId: string
  siteId: number
  joinedWaitingList: string
  joinedWaitingListAt: string
  waitingListEntry: number
  /** 1 while they wait there; 0 once it ended. */
  open: Generated<Flag>
  /** Why it ended: 'accepted', 'lapsed', 'left'; '' while open. */
  endedWhy: Generated<string>
}

export interface WaitingListEventsTable {
  id: Generated<number>
  personId: string
  event: WaitingListEventKind
  reason: string
  createdBy: string
  createdAt: string
}

/** An import of a spreadsheet, and what it did, so that it can be undone (import feature). */
export interface ImportRunsTable {
  id: Generated<number>
  kind: 'people' | 'plots'
  fileName: string
  createdBy: string
  createdAt: string
  /** JSON: how many rows were new, updated, unchanged and skipped. */
  counts: string
  /** JSON: the records made and changed, and the tenancies added. */
  records: string
  undoneAt: string | null
}

/** An offer of a plot to someone on the waiting list, open until its deadline. */
export interface OffersTable {
  id: Generated<number>
  plotId: string
  personId: string
  channel: 'email' | 'post' | 'both'
  /** The last day to answer, YYYY-MM-DD. */
  deadline: string
  status: OfferStatus
  /** Why the offer passed over someone ahead on the list; '' when it went to the next in line. */
  reason: string
  /** SHA-256 of each link's token; both cleared once the offer closes. */
  acceptTokenHash: string | null
  declineTokenHash: string | null
  createdBy: string
  createdAt: string
  answeredAt: string | null
}

/** One year's question to everyone on the waiting list: do you still want a plot? */
export interface StillWantRoundsTable {
  id: Generated<number>
  year: string
  askedOn: string
  /** The last day to answer; those who have not are lapsed the day after. */
  closesOn: string
  closedAt: string | null
}

export interface StillWantAnswersTable {
  id: Generated<number>
  roundId: number
  personId: string
  tokenHash: string | null
  answeredAt: string | null
}

/** Real-user measurements; no user, IP or user agent by design. */
export interface WebVitalsTable {
  id: Generated<number>
  name: string
  value: number
  route: string
  rating: string
  recordedAt: string
}

export interface AppSettingsTable {
  key: string
  value: string
}

export interface SignInFailuresTable {
  userName: string
  clientAddress: string
  failures: number
  firstFailureAt: string
}

/** A member's new e-mail address, waiting for its link to be followed (people, issue 29). */
export interface EmailChangesTable {
  id: Generated<number>
  personId: string
  newEmail: string
  /** The member's user name, whom the change is logged as. */
  requestedBy: string
  /** Set by the job that e-mails the link. */
  tokenHash: string | null
  createdAt: string
  expiresAt: string
  /** Followed, or replaced by a newer request. */
  endedAt: string | null
}

/** An address asked for an account, waiting for its link to be followed (accounts, issue 42). */
export interface AccountEmailLinksTable {
  id: Generated<number>
  userId: string
  /** Lower-case, as the forms send it. */
  email: string
  /** Set by the job that e-mails the link. */
  tokenHash: string | null
  createdAt: string
  expiresAt: string
  /** Followed, replaced, cleared by the committee, or the address found to be another's. */
  endedAt: string | null
}

/** An invitation to sign in, and its link (accounts feature, issue 29). */
export interface InvitationsTable {
  id: Generated<number>
  personId: string
  /** The address the link was sent to: the person's when they were invited. */
  email: string
  /** The committee member's user name. */
  invitedBy: string
  /** Set by the job that e-mails the link. */
  tokenHash: string | null
  /** When the mail server took the e-mail. */
  sentAt: string | null
  createdAt: string
  expiresAt: string
  endedAt: string | null
  endedHow: 'joined' | 'replaced' | 'expired' | null
}

/** A "Forgotten your password?" request and its link (accounts feature). */
export interface PasswordResetsTable {
  id: Generated<number>
  userId: string
  /** Set by the job that e-mails the link. */
  tokenHash: string | null
  createdAt: string
  expiresAt: string
  /** Used, or replaced by a newer request. */
  endedAt: string | null
}

// better-auth's own tables, with our additional user fields.
export interface UserTable {
  id: string
  name: string
  email: string
  emailVerified: Flag | boolean
  image: string | null
  createdAt: Date | string
  updatedAt: Date | string
  username: string | null
  displayUsername: string | null
  level: number
  requestedLevel: number
  authProvider: string
  disabled: Flag | boolean
  mustChangePassword: Flag | boolean
  /** The person the account belongs to (issue 29), if any. */
  personId: string | null
  /** When the linked person's record was removed, which ended the link. */
  personRemovedAt: string | null
  /** The sites the account is limited to (issue 46), ids comma-separated; null or '' for all. */
  sites: string | null
}

export interface SessionTable {
  id: string
  userId: string
  token: string
  expiresAt: Date | string
  createdAt: Date | string
  updatedAt: Date | string
  ipAddress: string | null
  userAgent: string | null
}

// better-auth's sign-in methods of a user; 'credential' holds the password hash.
export interface AccountTable {
  id: string
  userId: string
  providerId: string
  password: string | null
  updatedAt: Date | string
}

/** A former member held back from erasure by age, and why (privacy, issue 30). */
export interface RetentionHoldsTable {
  personId: string
  reason: string
  heldBy: string
  heldAt: string
}

/** A day the daily retention run finished, and what it did. */
export interface RetentionRunsTable {
  day: string
  erased: number
  deleted: number
  finishedAt: string
}

/** A night's backup (issue 45): what it wrote and where, or why it failed. */
export interface BackupRunsTable {
  /** The London day it was taken. */
  day: string
  startedAt: string
  finishedAt: string
  folder: string
  /** The file's name in the folder; null when none was written. */
  file: string | null
  size: number | null
  bucket: string | null
  /** The copy's key in the S3 bucket; null when it was not copied there. */
  s3Key: string | null
  encrypted: Flag
  error: string | null
  /** When the pruning of old backups removed it, from the folder and the bucket. */
  prunedAt: string | null
}

/** What an erasure of a retention run must still replace in the rest of the log (JSON). */
export interface RetentionScrubsTable {
  id: Generated<number>
  scrubs: string
}

/** One walk of the site to inspect the plots (issue 32). */
export interface InspectionRoundsTable {
  id: Generated<number>
  date: string
  walkers: string
  startedBy: string
  startedAt: string
  /** The site whose plots it walks (decision 50). */
  siteId: number
}

/** One plot's record on a round, under the id the phone gave it. */
export interface InspectionsTable {
  id: string
  roundId: number
  plotId: string
  grade: string
  cultivated: number
  notes: string
  inspectedBy: string
  recordedAt: string
  receivedAt: string
}

/** A photo of a record, kept in the files table, under the id the phone gave it. */
export interface InspectionPhotosTable {
  id: string
  inspectionId: string
  position: number
  fileId: number
  width: number
  height: number
}

/** One step of a plot's chain of notices, to the tenants it names (JSON), running to its deadline. */
export interface InspectionNoticesTable {
  id: Generated<number>
  plotId: string
  stage: 'improvement' | 'final' | 'quit'
  status: 'open' | 'complied' | 'escalated' | 'ended' | 'stopped' | 'paid'
  /** The round and inspection it follows; none for a notice given for rent (migration 057). */
  roundId: number | null
  inspectionId: string | null
  tenants: string
  sentOn: string
  deadline: string
  pausedOn: string | null
  pauseReason: string
  createdBy: string
  closedOn: string | null
  /** Why it was given: a plot below standard, or rent unpaid 40 days after it was due. */
  reason: 'inspection' | 'rent'
  /** The invoice a notice for rent is for. */
  invoiceId: number | null
}

/** A kind of concession: a percentage or a fixed sum (pence) off the rent, or off the extras too. */
export interface ConcessionKindsTable {
  id: Generated<number>
  name: string
  percent: number | null
  fixedPence: number | null
  appliesTo: 'rent' | 'rentAndExtras'
  version: number
}

/** A kind given to a person from `startsOn` to `endsOn` (both in force; null: no end). */
export interface ConcessionGrantsTable {
  id: Generated<number>
  personId: string
  kindId: number
  evidence: string
  startsOn: string
  endsOn: string | null
  grantedBy: string
  grantedAt: string
  /** One of the person's plots the grant is for; null for all their plots. */
  plotId: string | null
  version: number
}

/** A kind of deposit ("Key", £55.00): the amount taken unless another is given (pence). */
export interface DepositKindsTable {
  id: Generated<number>
  name: string
  amount: number
  version: number
}

/** A deposit taken from a person for a plot, or a key to its site; its money is its entries. */
export interface KeysTable {
  id: Generated<number>
  siteId: number
  /** Its number or label, unique on its site ("G12"). */
  number: string
  /** gate, shed, toilet or store (KEY_KINDS). */
  kind: string
  note: string
  version: number
}

/** One person's time with a key (decision 64). */
export interface KeyHoldingsTable {
  id: Generated<number>
  keyId: number
  personId: string
  /** The deposit taken with it, if one was. */
  depositId: number | null
  handedOn: string
  /** None while they hold it. */
  endedOn: string | null
  /** returned or lost, once ended. */
  outcome: string | null
  /** What a lost key cost them (pence), beside any of its deposit kept. */
  charge: number | null
  note: string
  createdBy: string
  createdAt: string
}

export interface DepositsTable {
  id: Generated<number>
  personId: string
  kindId: number
  /** The kind's name when taken. */
  kindName: string
  plotId: string
  siteId: number
  version: number
}

/** A deposit's money, append-only: taken, returned (to the person) or kept (by the society). */
export interface DepositEntriesTable {
  id: Generated<number>
  depositId: number
  kind: 'taken' | 'returned' | 'kept'
  date: string
  amount: number
  method: 'cash' | 'cheque' | 'transfer' | 'card' | null
  reason: string
  createdBy: string
  createdAt: string
}

/** An event on the calendar (issue 48): its start and end are ISO instants (UTC). */
export interface CalendarEventsTable {
  id: Generated<number>
  title: string
  /** The site it is held for; null for every site. */
  siteId: number | null
  place: string
  startsAt: string
  endsAt: string
  description: string
  visibility: 'public' | 'members' | 'committee'
  /** How many helpers a work party wants; null for any other event. */
  helpersWanted: number | null
  /** 1: members may see who is coming (the committee always may); 0 otherwise. */
  showComing: Generated<number>
  createdBy: string
  updatedAt: string
  version: number
}

/** Someone who said they will come to an event ("I'll come"), and when they said so. */
export interface CalendarComingTable {
  eventId: number
  personId: string
  saidAt: string
}

/** An account's private calendar address: only its token's SHA-256. */
export interface CalendarFeedsTable {
  userId: string
  tokenHash: string
  createdAt: string
}

/** One person's hours at one work party, the latest record of them (decision 66). */
export interface WorkAttendanceTable {
  /** The id the organiser's phone gave the record. */
  id: string
  eventId: number
  personId: string
  /** Whole quarter hours; 0 takes back a tick given by mistake. */
  quarters: number
  /** When it was recorded on the phone (kept no later than its arrival). */
  recordedAt: string
  recordedBy: string
  receivedAt: string
}

/** A rise of the rates (decision 62): the rates before and after (JSON), from a day. */
export interface RateRaisesTable {
  id: Generated<number>
  /** Null: the organisation's rates. */
  siteId: number | null
  ratesBefore: string
  /** The rates after; 'null' when a site falls back to the organisation's. */
  ratesAfter: string
  takesEffect: string
  noticeMonths: number
  madeBy: string
  madeAt: string
  /** Set when a later change, before the day, replaced it. */
  replacedAt: string | null
}

/** A tenant told of a raise: their plot's rent before and after it (pence). */
export interface RateNoticesTable {
  id: Generated<number>
  raiseId: number
  personId: string
  plotId: string
  oldAmount: number
  newAmount: number
}

export interface Database {
  people: PeopleTable
  plots: PlotsTable
  sites: SitesTable
  tenancy: TenancyTable
  tenancy_ends: TenancyEndsTable
  concession_kinds: ConcessionKindsTable
  concession_grants: ConcessionGrantsTable
  deposit_kinds: DepositKindsTable
  deposits: DepositsTable
  deposit_entries: DepositEntriesTable
  rate_raises: RateRaisesTable
  rate_notices: RateNoticesTable
  keys: KeysTable
  key_holdings: KeyHoldingsTable
  logs: LogsTable
  files: FilesTable
  land_documents: LandDocumentsTable
  enquiries: EnquiriesTable
  news: NewsTable
  jobs: JobsTable
  message_batches: MessageBatchesTable
  messages: MessagesTable
  message_templates: MessageTemplatesTable
  rent_years: RentYearsTable
  invoices: InvoicesTable
  invoice_lines: InvoiceLinesTable
  ledger: LedgerTable
  rent_steps: RentStepsTable
  instalment_plans: InstalmentPlansTable
  instalments: InstalmentsTable
  statement_payers: StatementPayersTable
  bank_lines: BankLinesTable
  bank_categories: BankCategoriesTable
  bank_rules: BankRulesTable
  account_openings: AccountOpeningsTable
  statement_ties: StatementTiesTable
  applications: ApplicationsTable
  waiting_list_events: WaitingListEventsTable
  waiting_places: WaitingPlacesTable
  import_runs: ImportRunsTable
  password_resets: PasswordResetsTable
  invitations: InvitationsTable
  email_changes: EmailChangesTable
  account_email_links: AccountEmailLinksTable
  offers: OffersTable
  still_want_rounds: StillWantRoundsTable
  still_want_answers: StillWantAnswersTable
  app_settings: AppSettingsTable
  web_vitals: WebVitalsTable
  sign_in_failures: SignInFailuresTable
  user: UserTable
  session: SessionTable
  account: AccountTable
  retention_holds: RetentionHoldsTable
  retention_runs: RetentionRunsTable
  retention_scrubs: RetentionScrubsTable
  backup_runs: BackupRunsTable
  inspection_rounds: InspectionRoundsTable
  inspections: InspectionsTable
  inspection_photos: InspectionPhotosTable
  inspection_notices: InspectionNoticesTable
  calendar_events: CalendarEventsTable
  calendar_feeds: CalendarFeedsTable
  calendar_coming: CalendarComingTable
  work_attendance: WorkAttendanceTable
}

export type PersonRow = Selectable<PeopleTable>
export type PlotRow = Selectable<PlotsTable>
export type SiteRow = Selectable<SitesTable>
export type NewsRow = Selectable<NewsTable>
export type JobRow = Selectable<JobsTable>
export type NewLogRow = Insertable<LogsTable>
