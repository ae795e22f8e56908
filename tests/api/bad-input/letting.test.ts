import { describe } from 'vitest'
import { engines } from '#tests/helpers/test-app'
import { lettingFamilies } from './families.ts'
import { useBadInputSuite } from './suite.ts'

describe.each(engines)('bad input to applying for a plot on %s', (engine) => {
  const suite = useBadInputSuite(engine)
  suite.checkRoutes(lettingFamilies(suite))
})
