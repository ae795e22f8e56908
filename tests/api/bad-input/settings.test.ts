import { describe } from 'vitest'
import { engines } from '#tests/helpers/test-app'
import { settingsFamilies } from './families.ts'
import { useBadInputSuite } from './suite.ts'

describe.each(engines)('bad input to settings on %s', (engine) => {
  const suite = useBadInputSuite(engine)
  suite.checkRoutes(settingsFamilies(suite))
})
