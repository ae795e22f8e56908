import { describe } from 'vitest'
import { engines } from '#tests/helpers/test-app'
import { landDocumentsFamilies } from './families.ts'
import { useBadInputSuite } from './suite.ts'

describe.each(engines)('bad input to land documents on %s', (engine) => {
  const suite = useBadInputSuite(engine)
  suite.checkRoutes(landDocumentsFamilies(suite))
  suite.checkJunkIds('GET /api/land-documents/{id}/file', suite.anyDocument, true)
})
