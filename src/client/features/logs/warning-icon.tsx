// A warning triangle; its meaning is given by the link around it, so it is hidden from readers.
export function WarningIcon() {
  return (
    <svg
      className="warning-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 2 1 21h22L12 2z" fill="currentColor" />
      <path d="M11 9h2v6h-2zM11 17h2v2h-2z" fill="#fff" />
    </svg>
  )
}
