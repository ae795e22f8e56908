import { describe } from 'vitest'
import { engines } from '#tests/helpers/test-app'
import { peopleFamilies } from './families.ts'
import { useBadInputSuite } from './suite.ts'

describe.each(engines)('bad input to people on %s', (engine) => {
  const suite = useBadInputSuite(engine)
  suite.checkRoutes(peopleFamilies(suite))
  suite.checkJunkIds('GET /api/people/{id}', suite.anyPerson, false)
})
