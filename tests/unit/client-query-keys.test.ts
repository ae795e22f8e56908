import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { queryKeys } from '../../src/client/lib/query-keys.ts'

// A query's key starts with its collection's key from src/client/lib/query-keys.ts, and every
// invalidation names those keys: spelt as a string anywhere else (['people'] inside the plots
// screens), a key drifts from the one its data is refreshed by, and nothing says so. This reads
// the client the way a reviewer would and lists every array that starts with a collection's name.

const root = path.resolve(import.meta.dirname, '../..')
const KEYS_FILE = 'src/client/lib/query-keys.ts'
const collections = new Set<string>(Object.values(queryKeys).map(([first]) => first))

function clientFiles(): string[] {
  return fs
    .readdirSync(path.join(root, 'src/client'), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.join('src/client', name))
    .filter((file) => file !== KEYS_FILE)
}

// Only files with a quoted name right after a bracket are parsed: reading them all takes seconds.
const mentionsOne = (text: string) =>
  [...collections].some((name) => new RegExp(`\\[\\s*['"]${name}['"]`).test(text))

function spelledKeys(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8')
  if (!mentionsOne(text)) return []
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isArrayLiteralExpression(node)) {
      const first = node.elements[0]
      if (first && ts.isStringLiteralLike(first) && collections.has(first.text)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart())
        found.push(`${file}:${line + 1}: ${node.getText()}`)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('query keys', () => {
  it('names each collection once', () => {
    expect(collections.size).toBe(Object.keys(queryKeys).length)
  })

  it('are spelt only in lib/query-keys.ts: every other key starts from one of its keys', () => {
    expect(clientFiles().flatMap(spelledKeys)).toEqual([])
  })
})
