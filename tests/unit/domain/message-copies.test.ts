import { describe, expect, it } from 'vitest'
import { copiesFor, waysOf, type Addressee } from '#shared/domain/message-copies'

const ann: Addressee = {
  id: 'ann',
  title: '',
  firstName: 'Ann',
  lastName: 'Example',
  email: 'ann@example.org',
  address: '1 Lane\nTown RV1 1AA',
  contactBy: 'email',
  plots: ['3', '12a'],
  amountDue: 9000,
  paidBy: [],
  reference: 'ANNREF23',
  place: null,
}
const association = { name: 'Riverside Allotments', contactAddress: 'The Shed, Riverside' }

describe('message copies', () => {
  it('reaches each person the way they chose, and by post when they have no e-mail address', () => {
    expect(waysOf(ann)).toEqual(['email'])
    expect(waysOf({ ...ann, contactBy: 'post' })).toEqual(['post'])
    expect(waysOf({ ...ann, contactBy: 'both' })).toEqual(['email', 'post'])
    expect(waysOf({ ...ann, email: '  ', contactBy: 'email' })).toEqual(['post'])
  })

  it('says who pays in {amountDue} when another tenant pays for their plots (issue 43)', () => {
    const arjun = {
      ...ann,
      amountDue: 0,
      paidBy: [
        { payerName: 'Priya Shah', plots: ['3'] },
        { payerName: 'Ann Example', plots: ['4', '12a'] },
      ],
    }
    const draft = { subject: 'Rent', body: '{plots}: {amountDue}' }
    expect(copiesFor([arjun], draft, association)[0]?.body).toBe(
      'plots 3 and 12a: £0.00 (Priya Shah pays the rent of plot 3; Ann Example pays the rent of plots 4 and 12a)',
    )
    // Owing something on a plot of their own, they read what they owe.
    expect(copiesFor([{ ...arjun, amountDue: 500 }], draft, association)[0]?.body).toBe(
      'plots 3 and 12a: £5.00',
    )
  })

  it("fills the merge fields with each person's own values", () => {
    const [copy] = copiesFor(
      [ann],
      {
        subject: 'Rent for {plots}',
        body: 'Dear {firstName},\n{amountDue} is due to {associationName}, {associationAddress}.',
      },
      association,
    )
    expect(copy).toEqual({
      personId: 'ann',
      channel: 'email',
      recipient: 'ann@example.org',
      subject: 'Rent for plots 3 and 12a',
      body: 'Dear Ann,\n£90.00 is due to Riverside Allotments, The Shed, Riverside.',
    })
  })

  it('addresses a letter with the name above the postal address, and a copy for each way', () => {
    const copies = copiesFor(
      [{ ...ann, contactBy: 'both' }],
      { subject: 'AGM', body: 'Hello {fullName}' },
      association,
    )
    expect(copies.map((c) => [c.channel, c.recipient])).toEqual([
      ['email', 'ann@example.org'],
      ['post', 'Ann Example\n1 Lane\nTown RV1 1AA'],
    ])
  })

  it('greets by title and last name when the title is known, and puts the title on the envelope (issue 44)', () => {
    const margaret = {
      ...ann,
      id: 'mellison',
      title: 'Mrs',
      firstName: 'Margaret',
      lastName: 'Ellison',
      contactBy: 'post' as const,
    }
    const draft = { subject: 'AGM', body: 'Dear {dearName},\n{title} {fullName}' }
    expect(copiesFor([margaret], draft, association)).toEqual([
      {
        personId: 'mellison',
        channel: 'post',
        recipient: 'Mrs Margaret Ellison\n1 Lane\nTown RV1 1AA',
        subject: 'AGM',
        body: 'Dear Mrs Ellison,\nMrs Margaret Ellison',
      },
    ])
    // Without a title, as before: the first name, and the name alone on the envelope.
    expect(copiesFor([{ ...margaret, title: '' }], draft, association)[0]).toMatchObject({
      recipient: 'Margaret Ellison\n1 Lane\nTown RV1 1AA',
      body: 'Dear Margaret,\n Margaret Ellison',
    })
  })

  it('gives each person on the waiting list their reference and place', () => {
    const draft = { subject: 'Your reference', body: '{reference}: number {place}' }
    const waiting = { ...ann, place: { position: 4, total: 23 } }
    expect(copiesFor([waiting], draft, association)[0]?.body).toBe('ANNREF23: number 4 of 23')
    expect(copiesFor([ann], draft, association)[0]?.body).toBe('ANNREF23: number ')
  })

  it('keeps a subject on one line whatever a name holds', () => {
    const [copy] = copiesFor(
      [{ ...ann, firstName: 'Ann\r\nBcc: everyone@example.org' }],
      { subject: 'Hi {firstName}', body: 'x' },
      association,
    )
    expect(copy!.subject).toBe('Hi Ann Bcc: everyone@example.org')
  })
})
