import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'

export interface Tab<Key extends string> {
  key: Key
  label: string
  panel: () => ReactNode
}

// One of several views of a page at a time (WAI-ARIA tabs): the arrow keys, Home and End move
// between tabs, and only the chosen panel is drawn, so a long list is on the page once.
export function Tabs<Key extends string>({
  label,
  tabs,
  chosen,
  onChoose,
}: {
  label: string
  tabs: ReadonlyArray<Tab<Key>>
  chosen: Key
  onChoose: (key: Key) => void
}) {
  const id = useId()
  const buttons = useRef<Array<HTMLButtonElement | null>>([])
  const current = tabs.find((tab) => tab.key === chosen) ?? tabs[0]!
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1
    const to = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key]
    if (to === undefined) return
    event.preventDefault()
    onChoose(tabs[to]!.key)
    buttons.current[to]?.focus()
  }
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(button) => {
              buttons.current[index] = button
            }}
            type="button"
            role="tab"
            id={`${id}-${tab.key}`}
            aria-selected={tab.key === current.key}
            aria-controls={`${id}-panel`}
            tabIndex={tab.key === current.key ? 0 : -1}
            className="tabs__tab"
            onClick={() => onChoose(tab.key)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${current.key}`}>
        {current.panel()}
      </div>
    </div>
  )
}
