import fs from 'node:fs'
import path from 'node:path'

// The access rules of every API route, written down once (tests/access-matrix.json).

export interface MatrixEntry {
  method: string
  path: string
  minLevel: number
  personalData: boolean
  /** Open to every level, but only with a session (it answers about the caller's own session). */
  needsSession?: boolean
}

export const matrix: MatrixEntry[] = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../access-matrix.json'), 'utf8'),
)
