import type { MouseEvent } from 'react'
import { useNavigate } from 'react-router'

// A page text the administrator wrote in Markdown. The HTML is safe to insert as it is only
// because the server made it with markdown-it and html: false: every tag typed into the text
// arrives escaped, and javascript:, vbscript:, file: and data: links are refused.
export function SiteText({ html }: { html: string }) {
  const navigate = useNavigate()

  // A link to a page of this site moves within the app, as a Link would, instead of reloading it.
  function followLinkWithinApp(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as Element).closest('a')
    if (!link || link.target || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const url = new URL(link.href)
    if (url.origin !== window.location.origin) return
    event.preventDefault()
    navigate(url.pathname + url.search + url.hash)
  }

  return <div onClick={followLinkWithinApp} dangerouslySetInnerHTML={{ __html: html }} />
}
