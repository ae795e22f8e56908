import { describe } from 'vitest'
import { engines } from '#tests/helpers/test-app'
import { plotsFamilies } from './families.ts'
import { useBadInputSuite } from './suite.ts'

describe.each(engines)('bad input to plots and tenants on %s', (engine) => {
  const suite = useBadInputSuite(engine)
  suite.checkRoutes(plotsFamilies(suite))
  suite.checkJunkIds('GET /api/plots/{id}', suite.anyPlot, false)
})
