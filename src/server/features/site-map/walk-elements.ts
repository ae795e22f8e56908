// Every element from `root` (itself first) in document order, `enter` on the way down and `leave`
// on the way back up. A loop, not recursion, and no live lists (`children`, `querySelectorAll`):
// jsdom recounts a parent's children after a change, and a deep drawing would use up the stack.
export function walkElements(
  root: Element,
  enter: (element: Element) => void,
  leave?: (element: Element) => void,
): void {
  let element = root
  for (;;) {
    enter(element)
    const child = element.firstElementChild
    if (child) {
      element = child
      continue
    }
    for (;;) {
      leave?.(element)
      if (element === root) return
      const next = element.nextElementSibling
      if (next) {
        element = next
        break
      }
      element = element.parentElement!
    }
  }
}
