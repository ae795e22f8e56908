import { describe, expect, it } from 'vitest'
import { copiesFor, waysOf, type Addressee } from '#shared/domain/message-copies'

const ann: Addressee = {
  id: 'ann',
  firstName: 'Ann',
  lastName: 'Example',
  email: 'ann@example.org',
  address: '1 Lane\nTown RV1 1AA',
  contactBy: 'email',
  plots: ['3', '12a'],
  amountDue: 9000,
  paidBy: [],
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

  it('keeps a subject on one line whatever a name holds', () => {
    const [copy] = copiesFor(
      [{ ...ann, firstName: 'Ann\r\nBcc: everyone@example.org' }],
      { subject: 'Hi {firstName}', body: 'x' },
      association,
    )
    expect(copy!.subject).toBe('Hi Ann Bcc: everyone@example.org')
  })
})
