import type { LeavingChoice } from '#shared/domain/part-year'
import type { TenancyEndReason } from '#shared/domain/tenancy-end'
import type { Person } from '#shared/schemas/person'
import type { RunningRentNotice } from '#shared/schemas/rent'
import type { AgeingKind } from '#shared/schemas/privacy'
import type { AnyAgeing } from '#server/core/db/age-out'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { unprocessable } from '#server/core/errors'

// Where one feature lets the features built on it take part in its changes, so that features
// depend one way (people ← plots ← letting ← rent ← messages) and the lower one needs to know
// none of those above it. A feature registers its part when it starts; the owner runs every
// part inside its own write.
export interface Hooks {
  /**
   * Before a person's record goes, in the same write: each feature ends what hangs on them (their
   * tenancies and the plots' versions, their open offers), and may say what it changed for the
   * removal's log entry (the plots, as saved).
   */
  removingPerson: Array<
    (tx: WriteTx, personId: string, userName: string) => Promise<Record<string, unknown> | void>
  >
  /**
   * A plot let through an offer accepted, in the acceptance's write (issue 43): rent invoices the
   * new tenant for the rest of the year.
   */
  plotLet: Array<(tx: WriteTx, let_: { plotId: string; userName: string }) => Promise<void>>
  /**
   * A tenancy ending, in its write, with the committee's answer to what happens to the leaver's
   * invoice for the plot (issue 43): rent stands it, reduces it or writes it off in the ledger; and
   * why it ended (issue 44): letting withdraws the open offers of one who died.
   */
  endingTenancy: Array<(tx: WriteTx, ending: TenancyEnding) => Promise<void>>
  /**
   * Whether a plot's paid flag follows a ledger now (the rent year under way): then an edit of the
   * plot keeps the flag as it is.
   */
  paidFollowsLedger: Array<(tx: ReadTx) => Promise<boolean>>
  /**
   * The notices to quit running for these invoices (decision 61), by invoice id: the arrears list
   * says so beside each instead of offering another (inspections keeps the notices).
   */
  rentNoticesRunning: Array<
    (tx: ReadTx, invoiceIds: readonly number[]) => Promise<Map<number, RunningRentNotice>>
  >
  /**
   * Lines a rent year's invoices get from the features above rent (work hours, decision 66), read
   * as the year is previewed and made, by plot id: the year starting on `startDate`, each plot with
   * its site and what its invoice holds so far (a reduction never takes off more).
   */
  rentYearLines: Array<
    (
      tx: ReadTx,
      year: { startDate: string; plots: ReadonlyArray<YearPlot> },
    ) => Promise<Map<string, InvoiceLine>>
  >
  /**
   * What each feature keeps about a person, for their copy of everything held about them (a
   * subject access request): named sections of plain rows, never a password hash or a link's
   * token.
   */
  describingPerson: Array<(tx: ReadTx, person: PersonKeys) => Promise<Record<string, unknown>>>
  /** What stands in the way of retiring a site (plots still let on it): a sentence each. */
  siteRetirementBlockers: Array<
    (tx: ReadTx, site: { id: number; name: string }) => Promise<string[]>
  >
  /** What stands in the way of deleting a calendar event (hours recorded at it): a sentence each. */
  eventDeletionBlockers: Array<(tx: ReadTx, eventId: number) => Promise<string[]>>
  /** What stands in the way of erasing a person's details (money they owe): a sentence each. */
  erasureBlockers: Array<(tx: ReadTx, personId: string) => Promise<string[]>>
  /**
   * In the erasure's write: each feature moves what it keeps about the person to the marker's id
   * and replaces their details in it, keeping amounts, dates and numbers; and says what must go
   * besides, outside its tables.
   */
  erasingPerson: Array<(tx: WriteTx, erasure: Erasure) => Promise<ErasureLeftovers | void>>
  /**
   * Records that go by age alone (retention, issue 30): each feature names its table and the
   * column that dates a row, under the privacy setting that gives its period.
   */
  ageing: Array<{ kind: AgeingKind; ageing: AnyAgeing }>
  /**
   * What stands in the way of making two records of one person one (issue 46), a sentence each:
   * what the merged record could not hold (two open offers, two accounts).
   */
  mergeBlockers: Array<(tx: ReadTx, merge: PeopleMerge) => Promise<string[]>>
  /**
   * In the merge's write: each feature moves what it keeps about the merged record onto the kept
   * one's id, making one of what both held (a plot both held is one tenancy), and may say what it
   * moved for the merge's log entry.
   */
  mergingPeople: Array<(tx: WriteTx, merge: PeopleMerge) => Promise<Record<string, unknown> | void>>
}

/** A plot a rent year invoices, as the features adding lines to it are told. */
export interface YearPlot {
  plotId: string
  siteId: number
  /** Its tenants' ids. */
  tenants: readonly string[]
  /** What its invoice holds before the line added (pence). */
  total: number
}

/** One line of an invoice: what it is for, and pence (below 0 takes off). */
export interface InvoiceLine {
  description: string
  amount: number
}

/** Two records of one person made one, as each feature's part is told. */
export interface PeopleMerge {
  /** The record that stays, as it was before the merge. */
  kept: Person
  /** The record that goes, as it was: what hangs on it moves to the kept record's id. */
  merged: Person
  /** When the merge is made. */
  at: Date
  userName: string
}

/** A tenancy ending, as the features taking part in it are told. */
export interface TenancyEnding {
  plotId: string
  personId: string
  /** What the committee chose for the leaver's invoice; none asked, it stands. */
  invoice: LeavingChoice | undefined
  /** The day it ended (issue 44): today, or an earlier day the committee gave. */
  endedOn: string
  /** Why it ended (issue 44); none for a tenant taken off who was added by mistake. */
  reason?: TenancyEndReason
  userName: string
}

/** What an erasure must clear besides the tables, as a feature's part of it says. */
export interface ErasureLeftovers {
  /** The outbox's copies of e-mails about the person, by reference ("message-12"): they go. */
  outboxFiles?: string[]
  /**
   * Copies to others whose e-mail, as it stands in the outbox, named the person (in an attachment
   * made from a record the erasure scrubbed), by id: written again as they stand now.
   */
  outboxCopies?: number[]
  /** The user name the person's account had, which the log names as who did things. */
  formerUserName?: string | null
}

/** A person's erasure, as each feature's part of it is told. */
export interface Erasure extends PersonKeys {
  /** The id the record keeps from now on ("former-12"). */
  newId: string
  /** What stands where their name stood ("Former member 12"). */
  marker: string
  /** When the erasure is made. */
  at: Date
  /** Their details as they may be written in the rows about them: each replaced by the marker. */
  details: readonly string[]
  /**
   * What identifies them wherever it stands, in rows about anyone: the full name, the addresses,
   * the phone number. Not the surname alone, which relatives share.
   */
  identifying: readonly string[]
  /**
   * Their first and last names, too short or too common to replace inside text, and every text
   * the committee's notes about them have had: replaced only where they stand whole as a value
   * (a log entry's "firstName":"Ann").
   */
  wholeValues: readonly string[]
}

/** What a feature may need to find a person's data by: their id and their e-mail addresses. */
export interface PersonKeys {
  id: string
  email: string
  altEmail: string
}

/** The person's e-mail addresses, those they have. */
export const emailsOf = ({ email, altEmail }: PersonKeys) => [email, altEmail].filter(Boolean)

export function createHooks(): Hooks {
  return {
    removingPerson: [],
    plotLet: [],
    endingTenancy: [],
    paidFollowsLedger: [],
    rentNoticesRunning: [],
    rentYearLines: [],
    describingPerson: [],
    siteRetirementBlockers: [],
    eventDeletionBlockers: [],
    erasureBlockers: [],
    erasingPerson: [],
    ageing: [],
    mergeBlockers: [],
    mergingPeople: [],
  }
}

/**
 * Runs each registered part in turn, in the order the features registered them; what the parts
 * say they changed (an object each, or nothing) comes back as one.
 */
export async function runEach<A extends unknown[]>(
  parts: ReadonlyArray<(...args: A) => Promise<Record<string, unknown> | void>>,
  ...args: A
): Promise<Record<string, unknown>> {
  const said: Record<string, unknown> = {}
  for (const part of parts) Object.assign(said, await part(...args))
  return said
}

/** Refuses (422) with the first reason a registered part gives why the change may not happen. */
export async function refuseIfBlocked<A extends unknown[]>(
  parts: ReadonlyArray<(...args: A) => Promise<string[]>>,
  ...args: A
): Promise<void> {
  for (const part of parts) {
    const [first] = await part(...args)
    if (first) throw unprocessable(first)
  }
}

/** Whether any registered part says yes. */
export async function anyOf<A extends unknown[]>(
  parts: ReadonlyArray<(...args: A) => Promise<boolean>>,
  ...args: A
): Promise<boolean> {
  for (const part of parts) if (await part(...args)) return true
  return false
}
