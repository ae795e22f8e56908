import pg from 'pg'
import { createPerson, createPlot } from '#tests/helpers/records'
import { createTestApp } from '#tests/helpers/test-app'

/** An app on PostgreSQL with a committee member, plot 1 and Ann on the waiting list. */
export async function plotAndWaitingAnn() {
  const t = await createTestApp('postgres')
  const committee = await t.signInAs(3, 'committee1')
  await createPlot(t, committee, '1')
  await createPerson(t, committee, 'ann', {
    ...{ firstName: 'Ann', lastName: 'Ash', dateJoined: '2000-01-01' },
    ...{ joinedWaitingList: '2000-01-01', address: '', phoneNumber: '', email: '' },
    onWaitingList: true,
  })
  return { t, committee }
}

export type SentStatement = { text: string; name?: string }

type Answered = (error: Error | null, result?: unknown) => void

/**
 * Tells `listener` of every statement the app sends (every one goes through a pooled pg.Client),
 * with its answer (a promise; for a statement sent as a pg.Query, one that settles with it);
 * returns the function that stops listening.
 */
export function onEveryStatement(
  listener: (client: pg.Client, statement: SentStatement, answer: unknown) => void,
): () => void {
  const original = pg.Client.prototype.query
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const answer = (original as (...a: unknown[]) => unknown).apply(this, args)
    const [first] = args as [string | SentStatement]
    listener(this, typeof first === 'string' ? { text: first } : first, settlingWith(answer))
    return answer
  } as typeof original
  return () => {
    pg.Client.prototype.query = original
  }
}

// A pg.Query sent as it is answers through its callback, read when the answer comes.
function settlingWith(answer: unknown): unknown {
  if (!(answer instanceof pg.Query)) return answer
  const query = answer as pg.Query & { callback: Answered }
  const answered = query.callback
  const settled = new Promise((resolve, reject) => {
    query.callback = (error, result) => {
      if (error) reject(error)
      else resolve(result)
      answered(error, result)
    }
  })
  // The app hears the failure through the callback; a listener need not.
  settled.catch(() => undefined)
  return settled
}
