/** The first thing a keyboard reaches on every page: straight past the header to the content. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to content
    </a>
  )
}
