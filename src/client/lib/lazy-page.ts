import type { ComponentType } from 'react'

// A route whose code loads only when it is visited, so the home page stays small.
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) })
}
