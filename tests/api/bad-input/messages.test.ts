import { describe } from 'vitest'
import { engines } from '#tests/helpers/test-app'
import { messagesFamilies } from './families.ts'
import { useBadInputSuite } from './suite.ts'

describe.each(engines)('bad input to messages on %s', (engine) => {
  const suite = useBadInputSuite(engine)
  suite.checkRoutes(messagesFamilies(suite))
})
