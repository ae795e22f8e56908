import MarkdownIt from 'markdown-it'

// html: false escapes every tag a user typed, and links may go only to the web, to an e-mail
// address, to a telephone number or somewhere on this site, so the HTML is safe to put in a page
// as it is. markdown-it's own check refuses only javascript:, vbscript:, file: and data:, leaving
// the schemes that start programs on a visitor's computer (ms-msdt:, search-ms: and the like). No
// typographer: the text shows exactly as written.
const markdown = new MarkdownIt({ html: false, linkify: true })

const SCHEME = /^([a-z][a-z0-9+.-]*):/i
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto', 'tel'])

// Given the address as markdown-it has normalised it (percent-encoded), for links and images alike.
markdown.validateLink = (url) => {
  const scheme = SCHEME.exec(url.trim())?.[1]
  return scheme === undefined || ALLOWED_SCHEMES.has(scheme.toLowerCase())
}

export const markdownToHtml = (text: string): string => markdown.render(text)
