import { describe } from 'vitest'
import { engines } from '#tests/helpers/test-app'
import { publicFormsFamilies } from './families.ts'
import { useBadInputSuite } from './suite.ts'

describe.each(engines)('bad input to enquiries, measurements and the log on %s', (engine) => {
  const suite = useBadInputSuite(engine)
  suite.checkRoutes(publicFormsFamilies(suite))
  suite.checkJunkIds('GET /api/logs/{id}', suite.anyLogEntry, true)
})
