import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// Every message a user reads (a refusal, a status, a hint, an empty list's note) is written once,
// in src/shared/messages/: one file per feature (people.ts, rent.ts, …), and common.ts for the
// words no one feature owns. The server's answers and the screens use it, so a wording is changed
// in one place and the two sides never drift, and a screen loads only the words of the features it
// shows. This reads the code the way a reviewer would and lists any sentence spelled in a string
// elsewhere, or spelled twice in the folder. A page's own prose is content, not a message: the
// default Home and About texts are Markdown files (src/server/features/site/default-*.md).

const root = path.resolve(import.meta.dirname, '../..')
const SCOPES = [
  'src/shared',
  'src/client',
  'src/server/features',
  'src/server/core/http',
  'src/server/core/errors.ts',
  'src/server/core/viewer.ts',
  'src/server/core/logged-change.ts',
]
// Every file of the folder, so that a new feature's file is covered the day it is made.
const MESSAGES_DIR = 'src/shared/messages'
const MESSAGE_FILES = sourceFiles(MESSAGES_DIR)

function sourceFiles(scope: string): string[] {
  const full = path.join(root, scope)
  if (fs.statSync(full).isFile()) return [scope]
  return fs
    .readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.join(scope, name))
}

// A sentence: starts with a capital (or a quote) and ends with . ! or ?, with at least three words.
const SENTENCE = /^["'‘“]?[A-Z][\s\S]*[.!?]["'’”]?$/
const isSentence = (text: string) =>
  SENTENCE.test(text.trim()) && text.trim().split(/\s+/).length >= 3

// Text for developers and operators, not for the association's users: API documentation, errors
// that end up as a generic 500, and log lines.
function isForDevelopers(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isPropertyAssignment(at) && ts.isIdentifier(at.name) && at.name.text === 'description')
      return true
    if (ts.isNewExpression(at) && ts.isIdentifier(at.expression) && at.expression.text === 'Error')
      return true
    if (ts.isCallExpression(at)) {
      const callee = at.expression.getText()
      if (/^(console|request\.log|app\.log|reply\.log|log)\./.test(callee)) return true
    }
    if (ts.isStatement(at)) break
  }
  return false
}

function sentencesIn(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8')
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const found: string[] = []
  const visit = (node: ts.Node) => {
    let literal: string | undefined
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal = node.text
    else if (ts.isTemplateExpression(node))
      literal = node.head.text + node.templateSpans.map((span) => `X${span.literal.text}`).join('')
    if (literal !== undefined && isSentence(literal) && !isForDevelopers(node)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart())
      found.push(`${file}:${line + 1} ${literal.trim().replace(/\s+/g, ' ')}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('every user-facing sentence is written once', () => {
  it(`spells no sentence outside ${MESSAGES_DIR}/`, () => {
    const files = SCOPES.flatMap(sourceFiles).filter((file) => !MESSAGE_FILES.includes(file))
    expect(files.length).toBeGreaterThan(50)
    expect(files.flatMap(sentencesIn)).toEqual([])
  })

  it(`spells each sentence once within ${MESSAGES_DIR}/`, () => {
    expect(MESSAGE_FILES.length).toBeGreaterThan(10)
    const found = MESSAGE_FILES.flatMap(sentencesIn)
    expect(found.length).toBeGreaterThan(200)
    // Each entry is "file:line sentence".
    const sentence = (where: string) => where.slice(where.indexOf(' ') + 1)
    const twice = found.filter((where) =>
      found.some((other) => other !== where && sentence(other) === sentence(where)),
    )
    expect(twice).toEqual([])
  })

  it('would notice one', () => {
    const probe = 'src/server/features/zz-probe.ts'
    fs.writeFileSync(
      path.join(root, probe),
      "export const refusal = () => badRequest('That is not allowed here.')\n",
    )
    try {
      expect(sentencesIn(probe)).toEqual([`${probe}:1 That is not allowed here.`])
    } finally {
      fs.rmSync(path.join(root, probe))
    }
  })
})
