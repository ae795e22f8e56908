import { describe, it, expect } from 'vitest'
import { z } from 'zod'
import { commonMessages } from '#shared/messages/common'
import { contactMessages } from '#shared/messages/contact'
import { peopleMessages } from '#shared/messages/people'
import { moneyMessages } from '#shared/messages/money'
import { plotMessages } from '#shared/messages/plots'
import { contactSchema } from '#shared/schemas/contact'
import {
  isoDate,
  newPersonSchema,
  personFieldsSchema,
  personSchema,
  updatePersonSchema,
} from '#shared/schemas/person'
import { newPlotSchema, plotFieldsSchema, plotSchema, updatePlotSchema } from '#shared/schemas/plot'
import { registerSchema } from '#shared/schemas/register'
import { ONE_LINE, withoutLinks } from '#shared/schemas/text-fields'

// Every issue as [path, message], so a test can say exactly what was refused and where.
function issues(schema: z.ZodType, input: unknown): Array<[string, string]> {
  const result = schema.safeParse(input)
  if (result.success) return []
  return result.error.issues.map((issue) => [issue.path.join('.'), issue.message])
}

const fields = {
  firstName: 'John',
  lastName: 'Smith',
  dateJoined: '2024-01-31',
  joinedWaitingList: '2023-12-01',
  address: '1 Lane',
  phoneNumber: '07700 900123',
  email: 'john@example.org',
  altEmail: '',
}

const plotFields = {
  description: 'By the gate',
  area: 100,
  distance: 0,
  fee: 45,
  sizeBand: null,
  gradient: 'slope',
  paid: false,
  showOnGrid: true,
  isNew: false,
  isFailed: false,
}

describe('isoDate', () => {
  it('accepts a real calendar date as YYYY-MM-DD', () => {
    expect(isoDate.safeParse('2024-02-29').success).toBe(true)
  })

  it('refuses other shapes and days that do not exist', () => {
    for (const text of ['2023-02-29', '2024-13-01', '2024-1-5', '05/01/2024', '2024-01-01T00:00']) {
      expect(issues(isoDate, text)).toEqual([['', commonMessages.invalidDate]])
    }
  })
})

describe('personSchema', () => {
  it('accepts a full record and refuses a version below 1', () => {
    const record = {
      ...fields,
      id: 'jonno',
      title: 'Dr',
      joinedWaitingListAt: '',
      waitingListEntry: 0,
      contactBy: 'post',
      concession: true,
      notes: 'Prefers a letter',
      reference: 'ABCD2345',
      plots: ['5'],
      isPlotHolder: true,
      onWaitingList: false,
      version: 1,
    }
    expect(personSchema.parse(record)).toEqual(record)
    expect(personSchema.safeParse({ ...record, version: 0 }).success).toBe(false)
  })
})

describe('person fields', () => {
  it('trims text', () => {
    const parsed = personFieldsSchema.parse({
      ...fields,
      firstName: '  John ',
      address: ' 1 Lane ',
    })
    expect(parsed.firstName).toBe('John')
    expect(parsed.address).toBe('1 Lane')
  })

  it("refuses a blank first name with 'The person's name must be filled in!'", () => {
    expect(issues(personFieldsSchema, { ...fields, firstName: '   ' })).toEqual([
      ['firstName', "The person's name must be filled in!"],
    ])
  })

  it("refuses a blank last name with 'The person's name must be filled in!'", () => {
    expect(issues(personFieldsSchema, { ...fields, lastName: '' })).toEqual([
      ['lastName', "The person's name must be filled in!"],
    ])
  })

  it('refuses a missing name with the same message', () => {
    const { lastName: _lastName, ...withoutLastName } = fields
    expect(issues(personFieldsSchema, withoutLastName)).toEqual([
      ['lastName', peopleMessages.personNameRequired],
    ])
  })

  it('allows empty emails but refuses invalid ones', () => {
    expect(issues(personFieldsSchema, { ...fields, email: '', altEmail: '' })).toEqual([])
    expect(issues(personFieldsSchema, { ...fields, altEmail: 'not-an-address' })).toEqual([
      ['altEmail', 'Please enter a valid email address!'],
    ])
  })

  it('limits lengths', () => {
    expect(issues(personFieldsSchema, { ...fields, firstName: 'a'.repeat(101) })).toEqual([
      ['firstName', 'The first name must be at most 100 characters long.'],
    ])
    expect(issues(personFieldsSchema, { ...fields, address: 'a'.repeat(500) })).toEqual([])
    expect(issues(personFieldsSchema, { ...fields, address: 'a'.repeat(501) })).toEqual([
      ['address', 'The address must be at most 500 characters long.'],
    ])
    expect(issues(personFieldsSchema, { ...fields, phoneNumber: '1'.repeat(51) })).toHaveLength(1)
  })

  it('needs real dates', () => {
    expect(issues(personFieldsSchema, { ...fields, dateJoined: '2024-02-30' })).toEqual([
      ['dateJoined', commonMessages.invalidDate],
    ])
  })

  it('takes a title on one line and notes of a few paragraphs, both optional (issue 44)', () => {
    // Left out, they are not there: a saved person keeps theirs.
    expect(personFieldsSchema.parse(fields)).not.toHaveProperty('title')
    expect(personFieldsSchema.parse(fields)).not.toHaveProperty('notes')
    const parsed = personFieldsSchema.parse({
      ...fields,
      title: ' Revd Canon ',
      notes: 'Wants a half plot.\nNo e-mail: post only.',
    })
    expect(parsed).toMatchObject({
      title: 'Revd Canon',
      notes: 'Wants a half plot.\nNo e-mail: post only.',
    })
    expect(issues(personFieldsSchema, { ...fields, title: 'Mrs\nBcc: x' })).toEqual([
      ['title', peopleMessages.titleOneLine],
    ])
    expect(issues(personFieldsSchema, { ...fields, title: 'a'.repeat(31) })).toEqual([
      ['title', 'The title must be at most 30 characters long.'],
    ])
    expect(issues(personFieldsSchema, { ...fields, notes: 'a'.repeat(2000) })).toEqual([])
    expect(issues(personFieldsSchema, { ...fields, notes: 'a'.repeat(2001) })).toEqual([
      ['notes', 'The notes must be at most 2000 characters long.'],
    ])
  })
})

describe('newPersonSchema', () => {
  const newPerson = { ...fields, id: 'jonno', onWaitingList: true }

  it('accepts a trimmed nickname and the waiting list flag', () => {
    const parsed = newPersonSchema.parse({ ...newPerson, id: "  Mary-Jo O'Neil_2.0 " })
    expect(parsed.id).toBe("Mary-Jo O'Neil_2.0")
    expect(parsed.onWaitingList).toBe(true)
  })

  it("refuses a blank nickname with 'The person's nickname must be filled in!'", () => {
    expect(issues(newPersonSchema, { ...newPerson, id: '  ' })).toEqual([
      ['id', "The person's nickname must be filled in!"],
    ])
  })

  it('refuses slashes, a leading dot and other symbols in the nickname', () => {
    for (const id of ['a/b', 'a\\b', '.hidden', 'a?b', 'a#b']) {
      expect(issues(newPersonSchema, { ...newPerson, id })).toEqual([
        [
          'id',
          'A nickname may use letters, digits, spaces, hyphens, underscores, apostrophes and dots.',
        ],
      ])
    }
  })

  it('limits the nickname to 40 characters', () => {
    expect(newPersonSchema.safeParse({ ...newPerson, id: 'a'.repeat(40) }).success).toBe(true)
    expect(issues(newPersonSchema, { ...newPerson, id: 'a'.repeat(41) })).toEqual([
      ['id', 'The nickname must be at most 40 characters long.'],
    ])
  })
})

describe('updatePersonSchema', () => {
  it('needs a version of at least 1', () => {
    expect(updatePersonSchema.safeParse({ ...fields, version: 3 }).success).toBe(true)
    expect(updatePersonSchema.safeParse({ ...fields, version: 0 }).success).toBe(false)
    expect(updatePersonSchema.safeParse(fields).success).toBe(false)
  })
})

describe('plotSchema', () => {
  it('accepts a full record and refuses a gradient other than slope or flat', () => {
    const record = {
      ...plotFields,
      id: '5',
      name: '5',
      siteId: 1,
      tenants: ['ann'],
      payer: 'ann',
      occupied: true,
      version: 2,
    }
    expect(plotSchema.parse(record)).toEqual(record)
    expect(plotSchema.safeParse({ ...record, gradient: 'steep' }).success).toBe(false)
  })
})

describe('plot fields', () => {
  it('parses area and distance as integers, the fee as pounds and pence', () => {
    const parsed = plotFieldsSchema.parse({ ...plotFields, area: ' 250 ', distance: '12', fee: 45 })
    expect(parsed).toMatchObject({ area: 250, distance: 12, fee: 45, sizeBand: null })
    expect(plotFieldsSchema.parse({ ...plotFields, fee: '£32.50' }).fee).toBe(32.5)
  })

  it('refuses measures that are not whole numbers from 0 to 1,000,000, and a fee not in pence', () => {
    for (const area of ['', 'abc', '12.5', 12.5, -1, '-1', '1000001', '12 m', null]) {
      expect(issues(plotFieldsSchema, { ...plotFields, area })).toEqual([
        ['area', plotMessages.areaWholeNumber],
      ])
    }
    expect(issues(plotFieldsSchema, { ...plotFields, area: '1000000' })).toEqual([])
    expect(issues(plotFieldsSchema, { ...plotFields, distance: 'far' })).toEqual([
      ['distance', 'Distance must be a whole number of metres, from 0 to 1,000,000.'],
    ])
    for (const fee of ['£45.555', -1, 'ten', '100000.01'])
      expect(issues(plotFieldsSchema, { ...plotFields, fee })).toEqual([
        ['fee', moneyMessages.feeMoney],
      ])
  })

  it('has gradient slope or flat', () => {
    expect(plotFieldsSchema.parse({ ...plotFields, gradient: 'flat' }).gradient).toBe('flat')
    expect(issues(plotFieldsSchema, { ...plotFields, gradient: 'hilly' })).toEqual([
      ['gradient', plotMessages.invalidGradient],
    ])
  })

  it('trims the description and limits it to 500 characters', () => {
    expect(plotFieldsSchema.parse({ ...plotFields, description: ' shed ' }).description).toBe(
      'shed',
    )
    expect(issues(plotFieldsSchema, { ...plotFields, description: 'a'.repeat(501) })).toEqual([
      ['description', 'The description must be at most 500 characters long.'],
    ])
  })
})

describe('newPlotSchema', () => {
  it('accepts a trimmed plot name such as 66b', () => {
    expect(newPlotSchema.parse({ ...plotFields, id: ' 66b ' }).id).toBe('66b')
  })

  it("refuses a blank plot name with 'The plot name must be filled in!'", () => {
    expect(issues(newPlotSchema, { ...plotFields, id: ' ' })).toEqual([
      ['id', 'The plot name must be filled in!'],
    ])
  })

  it('refuses symbols and names over 20 characters', () => {
    expect(issues(newPlotSchema, { ...plotFields, id: '5/6' })).toEqual([
      ['id', 'A plot name may use letters, digits, spaces and hyphens.'],
    ])
    expect(issues(newPlotSchema, { ...plotFields, id: 'a'.repeat(21) })).toEqual([
      ['id', 'The plot name must be at most 20 characters long.'],
    ])
  })
})

describe('updatePlotSchema', () => {
  it('needs a version of at least 1', () => {
    expect(updatePlotSchema.safeParse({ ...plotFields, version: 1 }).success).toBe(true)
    expect(updatePlotSchema.safeParse({ ...plotFields, version: 1.5 }).success).toBe(false)
  })
})

describe('contactSchema', () => {
  const enquiry = { name: 'Ann', email: 'Ann@Example.ORG ', enquiry: 'Any plots free?' }

  it('lowercases and trims the email', () => {
    expect(contactSchema.parse(enquiry).email).toBe('ann@example.org')
  })

  it("refuses an invalid email with 'Please enter a valid email address!'", () => {
    for (const email of ['', 'ann', 'ann@', 'ann@example', 'a b@example.org']) {
      expect(issues(contactSchema, { ...enquiry, email })).toEqual([
        ['email', 'Please enter a valid email address!'],
      ])
    }
  })

  it('requires the name and the enquiry', () => {
    expect(issues(contactSchema, { ...enquiry, name: '  ', enquiry: '' })).toEqual([
      ['name', 'Please enter your name.'],
      ['enquiry', 'Please enter your enquiry.'],
    ])
    expect(issues(contactSchema, {})).toEqual([
      ['name', contactMessages.contactNameRequired],
      ['email', commonMessages.invalidEmail],
      ['enquiry', contactMessages.contactEnquiryRequired],
    ])
  })

  it('limits the enquiry to 5000 characters', () => {
    expect(issues(contactSchema, { ...enquiry, enquiry: 'a'.repeat(5001) })).toEqual([
      ['enquiry', 'The enquiry must be at most 5000 characters long.'],
    ])
  })
})

describe('one-line text', () => {
  // Each would break the line where a name or a title is shown or mailed, or hide or reorder
  // what it says.
  const breaking = {
    'a line separator': '\u2028',
    'a paragraph separator': '\u2029',
    'a next-line character': '\u0085',
    'a line feed': '\n',
    'a carriage return': '\r',
    'a tab': '\t',
    'a vertical tab': '\u000b',
    'an escape': '\u001b',
    'a right-to-left override': '\u202e',
    'a left-to-right isolate': '\u2066',
    'a zero-width space': '\u200b',
    'a byte-order mark': '\ufeff',
  }
  it.each(Object.entries(breaking))('refuses %s inside a name or a title', (_, character) => {
    const name = `Ann${character}Bcc: all@example.org`
    expect(ONE_LINE.test(name)).toBe(false)
    const enquiry = { name, email: 'ann@example.org', enquiry: 'Any plots free?' }
    expect(issues(contactSchema, enquiry)).toEqual([['name', contactMessages.contactNameOneLine]])
    expect(issues(personFieldsSchema, { ...fields, firstName: name })).toEqual([
      ['firstName', peopleMessages.personNameRequired],
    ])
  })

  it('takes names in any script, with accents, and emoji made of several characters', () => {
    for (const name of ['Zoë O’Neill', 'Anne-Marie', 'Łucja', 'محمد', 'नमस्ते', '👩‍🌾', '🏴󠁧󠁢󠁥󠁮󠁧󠁿'])
      expect(ONE_LINE.test(name), name).toBe(true)
  })
})

describe('registerSchema', () => {
  const registration = {
    userName: 'ann.smith',
    level: 1,
    email: 'ann@example.org',
    password: 'correct horse',
  }

  it('accepts level 1 or 3, as a number or as text', () => {
    expect(registerSchema.parse({ ...registration, level: '3' }).level).toBe(3)
    expect(registerSchema.parse({ ...registration, level: 1 }).level).toBe(1)
  })

  it("refuses a level that is missing, empty or not offered with 'Please select a user level'", () => {
    const { level: _level, ...withoutLevel } = registration
    expect(issues(registerSchema, withoutLevel)).toEqual([['level', 'Please select a user level']])
    for (const level of ['', 0, 2, 4, '4', 'committee', null]) {
      expect(issues(registerSchema, { ...registration, level })).toEqual([
        ['level', 'Please select a user level'],
      ])
    }
  })

  it("refuses a blank user name with 'Please enter a user name'", () => {
    expect(issues(registerSchema, { ...registration, userName: ' ' })).toEqual([
      ['userName', 'Please enter a user name'],
    ])
  })

  it('refuses symbols in the user name', () => {
    expect(issues(registerSchema, { ...registration, userName: 'ann smith' })).toEqual([
      ['userName', 'A user name may use letters, digits, dots, underscores and hyphens.'],
    ])
  })

  it('refuses an invalid email', () => {
    expect(issues(registerSchema, { ...registration, email: 'ann@' })).toEqual([
      ['email', commonMessages.invalidEmail],
    ])
  })

  it('needs a password of 8 to 128 characters', () => {
    expect(issues(registerSchema, { ...registration, password: '1234567' })).toEqual([
      ['password', 'The password must be at least 8 characters long.'],
    ])
    expect(issues(registerSchema, { ...registration, password: 'a'.repeat(129) })).toEqual([
      ['password', 'The password must be at most 128 characters long.'],
    ])
    expect(issues(registerSchema, { ...registration, password: 'a'.repeat(128) })).toEqual([])
  })
})

describe('plot name', () => {
  it("refuses 'new', which is the address of the new-plot form", async () => {
    const { newPlotSchema } = await import('#shared/schemas/plot')
    const result = newPlotSchema.safeParse({
      id: 'New',
      area: 1,
      distance: 0,
      fee: 1,
      gradient: 'flat',
      description: '',
      paid: false,
      showOnGrid: true,
      isNew: false,
      isFailed: false,
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(
      "'new' cannot be a plot name. Choose another name.",
    )
  })
})

// Issue 42: names refuse links; the check is linear, even on text made to make it backtrack.
describe('withoutLinks', () => {
  const name = withoutLinks(z.string(), 'first name')
  it.each(['https://evil.example', 'HTTP://x', 'www.evil.example', 'pay at evil.example/pay'])(
    'refuses %j, naming the field',
    (given) => {
      expect(name.safeParse(given).error?.issues[0]?.message).toBe(
        commonMessages.linkInName('first name'),
      )
    },
  )
  it.each(['J.R.R.', 'St. John-Smith', "O'Neil / Smith", 'Dr.Who', 'Mary-Jane.'])(
    'keeps %j',
    (given) => expect(name.safeParse(given).success).toBe(true),
  )
  it('checks a megabyte of dots and letters in linear time', () => {
    for (const text of [
      '.' + 'a'.repeat(1_000_000),
      '.ab'.repeat(333_333),
      'w'.repeat(1_000_000),
    ]) {
      const started = performance.now()
      expect(name.safeParse(text).success).toBe(true)
      expect(performance.now() - started).toBeLessThan(500)
    }
  })
})
