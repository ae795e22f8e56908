import { describe } from 'vitest'
import { engines } from '#tests/helpers/test-app'
import { accountsFamilies, signInFamilies } from './families.ts'
import { useBadInputSuite } from './suite.ts'

describe.each(engines)('bad input to sign-in, accounts and passwords on %s', (engine) => {
  const suite = useBadInputSuite(engine)
  suite.checkRoutes({ ...signInFamilies(suite), ...accountsFamilies(suite) })
})
