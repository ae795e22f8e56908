import MarkdownIt from 'markdown-it'

// html: false escapes every tag a user typed, and markdown-it's link check refuses javascript:,
// vbscript:, file: and data: addresses, so the HTML is safe to put in a page as it is. No
// typographer: the text shows exactly as written.
const markdown = new MarkdownIt({ html: false, linkify: true })

export const markdownToHtml = (text: string): string => markdown.render(text)
