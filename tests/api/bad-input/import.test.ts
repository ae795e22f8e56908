import { describe } from 'vitest'
import { engines } from '#tests/helpers/test-app'
import { importFamilies } from './families.ts'
import { useBadInputSuite } from './suite.ts'

describe.each(engines)('bad input to the spreadsheet import on %s', (engine) => {
  const suite = useBadInputSuite(engine)
  suite.checkRoutes(importFamilies(suite))
})
