import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

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
   * Whether a plot's paid flag follows a ledger now (the rent year under way): then an edit of the
   * plot keeps the flag as it is.
   */
  paidFollowsLedger: Array<(tx: ReadTx) => Promise<boolean>>
}

export function createHooks(): Hooks {
  return { removingPerson: [], paidFollowsLedger: [] }
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

/** Whether any registered part says yes. */
export async function anyOf<A extends unknown[]>(
  parts: ReadonlyArray<(...args: A) => Promise<boolean>>,
  ...args: A
): Promise<boolean> {
  for (const part of parts) if (await part(...args)) return true
  return false
}
