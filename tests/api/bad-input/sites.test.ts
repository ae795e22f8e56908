import { describe } from 'vitest'
import { engines } from '#tests/helpers/test-app'
import { sitesFamilies } from './families.ts'
import { useBadInputSuite } from './suite.ts'

describe.each(engines)('bad input to sites on %s', (engine) => {
  const suite = useBadInputSuite(engine)
  suite.checkRoutes(sitesFamilies(suite))
})
