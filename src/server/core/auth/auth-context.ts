import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context'

// better-auth keeps each call's context in AsyncLocalStorage. On Node 20 an enabled storage makes
// every promise of the process pay an async hook, on every request, though only better-auth's own
// calls read it: 15% of a SQLite write's server CPU (issue 49). So its storages are enabled only
// while a call into better-auth is under way: each call's run() enables its storage again, and
// the last call to finish disables them. Disabled in the same turn as the count reaches nought,
// so no call can be under way when they are.
const storages = Promise.all([
  getRequestStateAsyncLocalStorage(),
  getCurrentAuthContextAsyncLocalStorage(),
  getCurrentDBAdapterAsyncLocalStorage(),
])
let callsUnderWay = 0

type AsyncCall = (...args: never[]) => Promise<unknown>

function whileCalled<F extends AsyncCall>(call: F): F {
  const wrapped = async (...args: Parameters<F>) => {
    const contexts = await storages
    callsUnderWay++
    try {
      return await call(...args)
    } finally {
      if (--callsUnderWay === 0) for (const context of contexts) context.disable()
    }
  }
  return Object.assign(wrapped, call) as unknown as F
}

/** The auth instance with its handler and every API call keeping better-auth's context to itself. */
export function contextOnlyWhileCalled<A extends { handler: AsyncCall; api: object }>(auth: A): A {
  const api = Object.fromEntries(
    Object.entries(auth.api).map(([name, call]) => [name, whileCalled(call as AsyncCall)]),
  )
  return { ...auth, handler: whileCalled(auth.handler), api }
}

/** Whether any of better-auth's storages is enabled (for the test that holds this). */
export async function authContextEnabled(): Promise<boolean> {
  return (await storages).some((context) => (context as unknown as { enabled: boolean }).enabled)
}
