import { describe, expect, it } from 'vitest'
import {
  duplicateGroups,
  emailKeys,
  isPlaceholderEmail,
  postcodeOf,
} from '#shared/domain/duplicates'
import { blankPerson } from '#shared/domain/people'
import {
  altEmailOptions,
  defaultMerge,
  fieldsToChoose,
  mergedPerson,
  mergeOptions,
} from '#shared/domain/people-merge'
import { mergeMessages } from '#shared/messages/merge'
import type { Person } from '#shared/schemas/person'

// Issue 46: records likely to be one person, and what the merge of two makes of them.

describe('the postcode of an address', () => {
  it.each([
    ['3 Elm Row\nMarlbury MB3 5QT', 'MB3 5QT'],
    ['3 Elm Row, Marlbury, mb35qt', 'MB3 5QT'],
    ['Flat 2A, 10 Downing Street, London SW1A 2AA', 'SW1A 2AA'],
    ['1 High St, Oldtown OT1   1AA, England', 'OT1 1AA'],
    ['Rose Cottage, W1 1AA', 'W1 1AA'],
    ['Somewhere without one', ''],
    ['Unit 12B, Trading Estate', ''],
  ])('%j is %j', (address, postcode) => {
    expect(postcodeOf(address)).toBe(postcode)
  })
})

describe('e-mail addresses as keys', () => {
  it('leaves out blanks and addresses standing for none, and folds case', () => {
    expect(emailKeys({ email: ' Ann@Example.org ', altEmail: 'ann@example.org' })).toEqual([
      'ann@example.org',
    ])
    for (const none of ['none@none.com', 'noemail@example.org', 'x@nomail.co.uk', 'a@b.invalid'])
      expect(isPlaceholderEmail(none), none).toBe(true)
    expect(isPlaceholderEmail('nora@example.org')).toBe(false)
    expect(emailKeys({ email: 'none@none.com', altEmail: '' })).toEqual([])
  })
})

describe('duplicate groups', () => {
  const candidate = (id: string, fields: Partial<Record<string, string>> = {}) => ({
    id,
    firstName: 'Ann',
    lastName: 'Baker',
    email: '',
    altEmail: '',
    address: '',
    ...fields,
  })

  it('groups by a shared address and by name and postcode, both reasons in one group', () => {
    const groups = duplicateGroups([
      candidate('a', { email: 'ann@example.org', address: 'MB3 5QT' }),
      candidate('b', { email: 'ANN@example.org', address: 'mb3 5qt' }),
      candidate('c', { firstName: 'Cy', altEmail: 'shared@example.org' }),
      candidate('d', { firstName: 'Di', email: 'shared@example.org' }),
      candidate('e', { firstName: 'Ed', address: 'ZZ9 9ZZ' }),
      candidate('f', { firstName: 'ed ', address: 'ZZ99ZZ' }),
      candidate('g', { firstName: 'Gil', address: 'ZZ9 9ZZ' }),
      candidate('h', { firstName: 'Hal' }),
      candidate('i', { firstName: 'Hal' }),
    ])
    expect(groups.map((group) => [group.reasons, group.people.map((p) => p.id)])).toEqual([
      [
        ['email', 'namePostcode'],
        ['a', 'b'],
      ],
      [['email'], ['c', 'd']],
      [['namePostcode'], ['e', 'f']],
    ])
  })

  // Comparing every pair of 40,000 would be 800 million comparisons, minutes; one pass is a tenth
  // of a second on a quiet machine (the limit leaves room for a busy one).
  it('is one pass: 40,000 people in seconds at most', () => {
    const people = Array.from({ length: 40_000 }, (_, n) =>
      candidate(`p${n}`, {
        firstName: `First${n % 20_000}`,
        email: `person${n % 39_000}@example.org`,
        address: `${n} Road, Town AB${n % 90} 1CD`,
      }),
    )
    const started = performance.now()
    const groups = duplicateGroups(people)
    expect(performance.now() - started).toBeLessThan(5_000)
    expect(groups.length).toBeGreaterThanOrEqual(1_000)
  })
})

describe('merging two records', () => {
  const person = (id: string, fields: Partial<Person> = {}): Person => ({
    ...blankPerson(id, false, '2022-01-01'),
    firstName: 'Harriet',
    lastName: 'Brown',
    reference: `REF${id.toUpperCase()}`,
    ...fields,
  })
  const kept = person('hb', {
    email: 'h.brown@example.org',
    phoneNumber: '01234 111111',
    notes: 'Keeps bees.',
    plots: ['1', '3'],
    isPlotHolder: true,
    dateJoined: '2021-04-01',
  })
  const merged = person('hb2', {
    title: 'Mrs',
    email: 'harriet@example.net',
    notes: 'Prefers letters.',
    plots: ['2', '3'],
    isPlotHolder: true,
    dateJoined: '2018-06-01',
    onWaitingList: true,
    joinedWaitingList: '2019-05-01',
    waitingListEntry: 7,
  })

  it('starts from the kept record, blanks filled from the other, both notes, no address lost', () => {
    expect(defaultMerge(kept, merged)).toEqual({
      title: 'Mrs',
      firstName: 'Harriet',
      lastName: 'Brown',
      address: '',
      phoneNumber: '01234 111111',
      email: 'h.brown@example.org',
      altEmail: 'harriet@example.net',
      contactBy: 'email',
      concession: false,
      notes: 'Keeps bees.\n\nPrefers letters.',
      reference: 'REFHB',
    })
  })

  it('asks only about the details held differently', () => {
    const options = mergeOptions(kept, merged)
    expect(fieldsToChoose(options, 'h.brown@example.org')).toEqual([
      'title',
      'phoneNumber',
      'email',
      'altEmail',
      'notes',
      'reference',
    ])
    expect(altEmailOptions(options, 'h.brown@example.org')).toEqual(['harriet@example.net', ''])
    expect(options.notes).toEqual([
      'Keeps bees.',
      'Prefers letters.',
      'Keeps bees.\n\nPrefers letters.',
    ])
  })

  it('keeps the plots of both, each list, the earlier place and the earlier Date joined', () => {
    const result = mergedPerson(kept, merged, defaultMerge(kept, merged))
    expect(result).toMatchObject({
      ok: true,
      value: {
        id: 'hb',
        plots: ['1', '2', '3'],
        isPlotHolder: true,
        onWaitingList: true,
        joinedWaitingList: '2019-05-01',
        waitingListEntry: 7,
        dateJoined: '2018-06-01',
        version: kept.version,
      },
    })
  })

  it('refuses a value neither record holds, and a record with itself', () => {
    expect(
      mergedPerson(kept, merged, { ...defaultMerge(kept, merged), lastName: 'Green' }),
    ).toEqual({
      ok: false,
      message: mergeMessages.notAnOption(mergeMessages.fieldLabels.lastName),
      field: 'lastName',
    })
    expect(mergedPerson(kept, kept, defaultMerge(kept, kept))).toEqual({
      ok: false,
      message: mergeMessages.sameRecord,
    })
  })
})
