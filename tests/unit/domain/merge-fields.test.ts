import { describe, expect, it } from 'vitest'
import {
  BASE_MERGE_FIELDS,
  fieldsIn,
  fillFields,
  plotsField,
  unknownFields,
} from '#shared/domain/merge-fields'
import { messageWritingMessages } from '#shared/messages/message-writing'

describe('merge fields', () => {
  it('lists the fields a text uses, each once, and leaves other braces as text', () => {
    expect(
      fieldsIn('Dear {firstName}, plots {plots}; {firstName} again. {not a field} {}'),
    ).toEqual(['firstName', 'plots'])
  })

  it('names the fields a template uses that are not known', () => {
    expect(
      unknownFields(
        ['Rent for {plots}', 'Dear {frstName}, {amountDue} {nickname}'],
        BASE_MERGE_FIELDS,
      ),
    ).toEqual(['frstName', 'nickname'])
    expect(unknownFields(['Dear {firstName} {lastName}'], BASE_MERGE_FIELDS)).toEqual([])
  })

  it('knows every field of the letter that sends the waiting list their references (issue 44)', () => {
    const { subject, body } = messageWritingMessages.referencesLetter
    expect(fieldsIn(body)).toEqual(['dearName', 'place', 'reference', 'associationName'])
    expect(unknownFields([subject, body], BASE_MERGE_FIELDS)).toEqual([])
  })

  it("fills each field with the person's value, every time it appears", () => {
    expect(
      fillFields('Dear {firstName},\n{firstName} holds {plots}. Due: {amountDue}.', {
        firstName: 'Ann',
        plots: '12, 14a',
        amountDue: '£90.00',
      }),
    ).toBe('Dear Ann,\nAnn holds 12, 14a. Due: £90.00.')
  })

  it('does not read a value as a template: braces in a name stay as typed', () => {
    expect(
      fillFields('Dear {firstName} {lastName}', { firstName: '{lastName}', lastName: 'Smith' }),
    ).toBe('Dear {lastName} Smith')
  })

  it('names the plots as a sentence does: "As the tenant of plot 15", never "of 15"', () => {
    expect(fillFields('As the tenant of {plots},', { plots: plotsField(['15']) })).toBe(
      'As the tenant of plot 15,',
    )
    expect(plotsField(['15', '16'])).toBe('plots 15 and 16')
    expect(plotsField(['3', '12a', '15'])).toBe('plots 3, 12a and 15')
    expect(plotsField([])).toBe('')
  })

  it('prints money once: a template writing "£{amountDue}" reads £10.00, never ££10.00', () => {
    const values = { amountDue: '£10.00', credit: '−£4.50', firstName: 'Ann' }
    expect(fillFields('Due: £{amountDue}, or {amountDue}.', values)).toBe('Due: £10.00, or £10.00.')
    expect(fillFields('Balance £{credit}', values)).toBe('Balance −£4.50')
    // Only money loses the sign before it: "£{firstName}" is the template's own text.
    expect(fillFields('£{firstName}', values)).toBe('£Ann')
  })
})
