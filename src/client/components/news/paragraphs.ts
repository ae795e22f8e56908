// A post's text is plain text: a blank line starts a new paragraph, and nothing in it is markup.
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
}
