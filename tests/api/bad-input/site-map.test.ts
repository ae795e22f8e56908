import { describe } from 'vitest'
import { engines } from '#tests/helpers/test-app'
import { siteMapFamilies } from './families.ts'
import { useBadInputSuite } from './suite.ts'

describe.each(engines)('bad input to the site map on %s', (engine) => {
  const suite = useBadInputSuite(engine)
  suite.checkRoutes(siteMapFamilies(suite))
})
