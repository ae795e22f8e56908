import type { ComponentType } from 'react'

// A route whose code loads only when it is visited, so the home page stays small. Only the
// component is lazy: a route's own loader (which starts the page's data) then runs alongside the
// code's download instead of after it, one round trip sooner on a phone.
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return { Component: async () => pick(await load()) }
}
