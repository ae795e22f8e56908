import { describe } from 'vitest'
import { engines } from '#tests/helpers/test-app'
import { newsFamilies } from './families.ts'
import { useBadInputSuite } from './suite.ts'

describe.each(engines)('bad input to news on %s', (engine) => {
  const suite = useBadInputSuite(engine)
  suite.checkRoutes(newsFamilies(suite))
})
