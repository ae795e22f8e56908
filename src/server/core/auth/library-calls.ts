// Node 20's AsyncLocalStorage switches on promise hooks for the whole process the first time an
// instance runs, and leaves them on: from then every promise of every request costs more (the
// session check, a page of the log, one person). better-auth keeps its three instances in one
// global and needs them only while one of its calls runs. So every call into better-auth goes
// through here, and when none is running the instances are switched off again, which switches
// the hooks off; the next call's run() switches them on. (Node 22 keeps the context without
// promise hooks; there this does nothing worth measuring.)

interface Switchable {
  disable(): void
}

let running = 0

function storages(): Array<Switchable | undefined> {
  const global = (
    globalThis as Record<symbol, { context?: Record<string, Switchable | undefined> }>
  )[Symbol.for('better-auth:global')]
  const context = global?.context ?? {}
  return [
    context.requestStateAsyncStorage,
    context.adapterAsyncStorage,
    context.endpointContextAsyncStorage,
  ]
}

/** Runs one call into better-auth (its handler or its server API). */
export async function callAuthLibrary<T>(call: () => Promise<T>): Promise<T> {
  running++
  try {
    return await call()
  } finally {
    running--
    if (running === 0) for (const storage of storages()) storage?.disable()
  }
}
