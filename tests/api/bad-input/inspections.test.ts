import { describe } from 'vitest'
import { engines } from '#tests/helpers/test-app'
import { inspectionsFamilies } from './families.ts'
import { useBadInputSuite } from './suite.ts'

describe.each(engines)('bad input to plot inspections on %s', (engine) => {
  const suite = useBadInputSuite(engine)
  suite.checkRoutes(inspectionsFamilies(suite))
})
