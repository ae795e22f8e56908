import { randomBytes, randomInt } from 'node:crypto'
import type { Answer, Client } from './http.ts'
import { tenancyKey, type Ledger } from './ledger.ts'

// The writes fired at the server until it is killed: public enquiries and registrations, and,
// as the committee, new people and tenant additions. Only a 2xx answer counts as acknowledged.

const run = randomBytes(3).toString('hex')
let serial = 0
const unique = () => `${run}${(serial++).toString(36)}`

export interface Clients {
  admin: Client
  visitor: Client
}

export interface Firing {
  sent: number
  /** Requests cut off by the kill (or failing at the network level): outcome unknown. */
  unanswered: number
  /** Non-2xx answers by status, e.g. 422 for a fifth tenant. */
  refused: Record<number, number>
}

const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300

function pick<T>(items: T[]): T | undefined {
  return items.length > 0 ? items[randomInt(items.length)] : undefined
}

export function newPerson(id: string) {
  const today = new Date().toISOString().slice(0, 10)
  return {
    id,
    firstName: 'Crash',
    lastName: id,
    dateJoined: today,
    joinedWaitingList: today,
    address: '1 Test Lane',
    phoneNumber: '',
    email: '',
    altEmail: '',
    onWaitingList: true,
  }
}

export function newPlot(id: string) {
  return {
    id,
    description: 'crash test',
    area: 100,
    distance: 10,
    fee: 40,
    gradient: 'flat',
    paid: false,
    showOnGrid: true,
    isNew: false,
    isFailed: false,
  }
}

type Write = (clients: Clients, ledger: Ledger) => Promise<Answer | undefined>

const writes: [weight: number, write: Write][] = [
  [
    3,
    async ({ visitor }, ledger) => {
      const id = unique()
      const enquiry = `crash-test enquiry ${id}`
      const answer = await visitor.call('POST', '/api/contact', {
        name: `Crash ${id}`,
        email: `e${id}@example.org`,
        enquiry,
      })
      if (ok(answer)) ledger.enquiries.add(enquiry)
      return answer
    },
  ],
  [
    1,
    async ({ visitor }, ledger) => {
      const userName = `crash${unique()}`
      const answer = await visitor.call('POST', '/api/register', {
        userName,
        email: `${userName}@example.org`,
        password: randomBytes(12).toString('base64url'),
        level: 1,
      })
      if (ok(answer)) ledger.accounts.add(userName)
      return answer
    },
  ],
  [
    2,
    async ({ admin }, ledger) => {
      const id = `crash-${unique()}`
      const answer = await admin.call('POST', '/api/people', newPerson(id))
      if (ok(answer)) ledger.people.add(id)
      return answer
    },
  ],
  [
    4,
    async ({ admin }, ledger) => {
      const plot = pick([...ledger.plots])
      const person = pick([...ledger.people])
      if (!plot || !person) return undefined
      const path = `/api/plots/${encodeURIComponent(plot)}/tenants/${encodeURIComponent(person)}`
      const answer = await admin.call('PUT', path, undefined)
      if (ok(answer)) ledger.tenancies.add(tenancyKey(plot, person))
      return answer
    },
  ],
]

function chooseWrite(): Write {
  const total = writes.reduce((sum, [weight]) => sum + weight, 0)
  let roll = randomInt(total)
  for (const [weight, write] of writes) {
    if (roll < weight) return write
    roll -= weight
  }
  return writes[0]![1]
}

/** Keeps `workers` writes in flight at once until `stopped()` says the server is gone. */
export async function fire(clients: Clients, ledger: Ledger, stopped: () => boolean, workers = 12) {
  const firing: Firing = { sent: 0, unanswered: 0, refused: {} }
  const worker = async () => {
    while (!stopped()) {
      firing.sent++
      try {
        const answer = await chooseWrite()(clients, ledger)
        if (answer && !ok(answer))
          firing.refused[answer.status] = (firing.refused[answer.status] ?? 0) + 1
      } catch {
        firing.unanswered++
      }
    }
  }
  await Promise.all(Array.from({ length: workers }, worker))
  return firing
}
