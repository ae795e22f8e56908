import { describe } from 'vitest'
import { engines } from '#tests/helpers/test-app'
import { rentFamilies } from './families.ts'
import { useBadInputSuite } from './suite.ts'

describe.each(engines)('bad input to the rent year on %s', (engine) => {
  const suite = useBadInputSuite(engine)
  suite.checkRoutes(rentFamilies(suite))
})
