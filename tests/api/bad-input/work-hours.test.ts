import { describe } from 'vitest'
import { engines } from '#tests/helpers/test-app'
import { workHoursFamilies } from './families.ts'
import { useBadInputSuite } from './suite.ts'

describe.each(engines)('bad input to work hours on %s', (engine) => {
  const suite = useBadInputSuite(engine)
  suite.checkRoutes(workHoursFamilies(suite))
})
