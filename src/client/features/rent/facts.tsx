import type { ReactNode } from 'react'

/** A term and its value in a `rent-facts` list: two columns where there is room, stacked on a phone. */
export function Fact({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div className="rent-facts__row">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  )
}
