interface Props {
  open: boolean
  /** The id of the menu it opens and closes. */
  controls: string
  onToggle: () => void
  className?: string
}

/** The "Menu" button that opens a collapsed navigation on a narrow screen. */
export function MenuButton({ open, controls, onToggle, className = '' }: Props) {
  return (
    <button
      type="button"
      className={`burger ${className}`.trim()}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <span className="burger__bars" aria-hidden="true" />
      <span>Menu</span>
    </button>
  )
}
