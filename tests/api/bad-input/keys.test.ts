import { describe } from 'vitest'
import { engines } from '#tests/helpers/test-app'
import { keysFamilies } from './families.ts'
import { useBadInputSuite } from './suite.ts'

describe.each(engines)('bad input to keys and fobs on %s', (engine) => {
  const suite = useBadInputSuite(engine)
  suite.checkRoutes(keysFamilies(suite))
})
