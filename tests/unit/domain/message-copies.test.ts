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
}
const association = { name: 'Riverside Allotments', contactAddress: 'The Shed, Riverside' }

describe('message copies', () => {
  it('reaches each person the way they chose, and by post when they have no e-mail address', () => {
    expect(waysOf(ann)).toEqual(['email'])
    expect(waysOf({ ...ann, contactBy: 'post' })).toEqual(['post'])
    expect(waysOf({ ...ann, contactBy: 'both' })).toEqual(['email', 'post'])
    expect(waysOf({ ...ann, email: '  ', contactBy: 'email' })).toEqual(['post'])
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
