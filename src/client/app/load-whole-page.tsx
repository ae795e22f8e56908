import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { appOf, type SiteApp } from '#shared/domain/site-apps'
import { PageNotFound } from './route-error.tsx'

// The public site and the members area are two apps (decision 23): a page of the other one is
// asked of the server as a whole page, which sends that app.
export function openWholePage(path: string, { replace = false } = {}) {
  if (replace) window.location.replace(path)
  else window.location.assign(path)
}

/**
 * Where a link or redirect to the other app lands. An address the server would answer with this
 * same app (one this app has no page for, or spelt in capitals where the router does not mind
 * and the server does) is no page at all: loaded again, it would come back here for ever.
 */
export function LoadWholePage({ from }: { from: SiteApp }) {
  const { pathname, search, hash } = useLocation()
  const elsewhere = appOf(pathname) !== from
  useEffect(() => {
    if (elsewhere) openWholePage(pathname + search + hash, { replace: true })
  }, [elsewhere, pathname, search, hash])
  if (elsewhere) return null
  return (
    <main id="main" className="public__main">
      <PageNotFound />
    </main>
  )
}
