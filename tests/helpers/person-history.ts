import { expect } from 'vitest'
import type { Invoice } from '#shared/schemas/rent'
import { createPerson, createPlot, linkAccount, send, sendMessage } from './records.ts'
import { startRentYear } from './rent.ts'
import type { TestApp } from './test-app.ts'
import { gradePlots, inspectionRecord, sendNotices, sendRecord, startRound } from './inspections.ts'

// A person with something kept about them in every feature (issue 30): their record, an
// account, a plot and its invoice, a message sent to them and to someone else, an enquiry from
// their address. What a download must show and an erasure must clear.

export interface History {
  /** The person's id, and the fields of their record besides the defaults. */
  id: string
  person: Record<string, unknown>
  /** The account, signed in already, linked to them. */
  account: string
  plotId: string
  /** Someone else, sent the same message, who must be left as they were. */
  other: { id: string; email: string }
}

/** Makes the history; the id of the person's invoice. */
export async function givePersonAHistory(t: TestApp, committee: string, history: History) {
  const { id, person, account, plotId, other } = history
  await createPerson(t, committee, id, person)
  await createPerson(t, committee, other.id, { firstName: 'Other', email: other.email })
  await linkAccount(t, committee, account, id)
  await createPlot(t, committee, plotId)
  const added = await send(t, committee, 'PUT', `/api/plots/${plotId}/tenants/${id}`)
  expect(added.statusCode, added.body).toBe(200)
  const today = t.app.clock.today()
  const started = await startRentYear(t, committee, today)
  expect(started.statusCode, started.body).toBe(201)
  const invoices = (
    await send(t, committee, 'GET', `/api/rent/years/${started.json().yearId}/invoices`)
  ).json() as Invoice[]
  const sent = await sendMessage(t, committee, {
    audience: { kind: 'people', ids: [id, other.id] },
    subject: 'Water off on Sunday',
    body: 'Dear {firstName}, the taps will be off from 9 until noon.',
  })
  expect(sent.statusCode, sent.body).toBe(201)
  const asked = await send(t, undefined, 'POST', '/api/contact', {
    name: `${String(person.firstName)} ${String(person.lastName)}`,
    email: person.email,
    enquiry: 'Can I have a second water butt?',
  })
  expect(asked.statusCode, asked.body).toBe(201)
  // Their plot inspected, the inspector's note naming them, and an improvement notice sent.
  const round = await startRound(t, committee, today)
  await gradePlots(t, committee, round, { [plotId]: 'Needs work' })
  const noted = await sendRecord(
    t,
    committee,
    inspectionRecord(round, plotId, 'Needs work', {
      notes: `Spoke to ${String(person.firstName)} ${String(person.lastName)} at the gate.`,
    }),
  )
  expect(noted.statusCode, noted.body).toBe(201)
  const notices = await sendNotices(t, committee, round)
  expect(notices.json().sent, notices.body).toEqual([{ plotId, stage: 'improvement' }])
  await t.app.jobs.runDue()
  return invoices.find((invoice) => invoice.payerId === id)!.id
}
