import { statementMessages } from '#shared/messages/statement'
import { badRequest } from '#server/core/errors'

// OFX's transactions in one pass over the file, 1.x (SGML: a value's closing tag left out) and
// 2.x (XML) alike: each STMTTRN, wherever the kind of account nests it, as the values written
// directly inside it. ofx-js, which read it before, took time that grew with the square of the
// file (comments never closed, spaces between tags) and doubled with each letter of a tag name
// ("<" and 40 letters: hours), while the server waited.

export type OfxTransaction = Record<string, string>

const entities: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&' }
const valueOf = (text: string) => {
  const value = text.trim()
  return value.includes('&') ? value.replace(/&(?:lt|gt|amp);/g, (e) => entities[e]!) : value
}
const nameOf = (tag: string) => /^[^\s/]*/.exec(tag)![0]

/** The transactions of an OFX file; one whose elements do not close is not a statement. */
export function ofxTransactions(text: string): OfxTransaction[] {
  const transactions: OfxTransaction[] = []
  // The aggregates open, and the transaction of each STMTTRN among them.
  const open: string[] = []
  const inside: (OfxTransaction | undefined)[] = []
  const notAStatement = () => badRequest(statementMessages.notAStatement)
  let at = text.indexOf('<OFX>')
  if (at === -1) return transactions
  while (at !== -1 && at < text.length) {
    if (text.startsWith('<!--', at)) {
      const end = text.indexOf('-->', at + 4)
      at = end === -1 ? -1 : text.indexOf('<', end + 3)
      continue
    }
    const close = text.indexOf('>', at)
    if (close === -1) throw notAStatement()
    const tag = text.slice(at + 1, close)
    const next = text.indexOf('<', close + 1)
    const value = valueOf(text.slice(close + 1, next === -1 ? text.length : next))
    at = next
    if (tag.startsWith('?') || tag.startsWith('!')) continue
    if (tag.startsWith('/')) {
      // An aggregate closed, with any element of SGML's left open inside it.
      const depth = open.lastIndexOf(nameOf(tag.slice(1)))
      if (depth === -1) throw notAStatement()
      open.length = depth
      inside.length = depth
      continue
    }
    const name = nameOf(tag)
    if (value !== '' || tag.endsWith('/')) {
      // A value; its own closing tag, in XML, comes next.
      const transaction = inside.at(-1)
      if (open.at(-1) === 'STMTTRN' && transaction && !(name in transaction))
        transaction[name] = value
      if (at !== -1 && text.startsWith(`</${name}>`, at)) at = text.indexOf('<', at + 1)
      continue
    }
    const transaction = name === 'STMTTRN' ? {} : undefined
    if (transaction) transactions.push(transaction)
    open.push(name)
    inside.push(transaction)
  }
  if (open.length > 0) throw notAStatement()
  return transactions
}
