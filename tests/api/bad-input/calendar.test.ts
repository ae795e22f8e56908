import { describe } from 'vitest'
import { engines } from '#tests/helpers/test-app'
import { calendarFamilies } from './families.ts'
import { useBadInputSuite } from './suite.ts'

describe.each(engines)('bad input to the calendar on %s', (engine) => {
  const suite = useBadInputSuite(engine)
  suite.checkRoutes(calendarFamilies(suite))
})
