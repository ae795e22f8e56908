import { useEffect } from 'react'
import { useLocation } from 'react-router'

// The public site and the members area are two apps (decision 23): a page of the other one is
// asked of the server as a whole page, which sends that app.
export function openWholePage(path: string, { replace = false } = {}) {
  if (replace) window.location.replace(path)
  else window.location.assign(path)
}

// Where a link or redirect to the other app lands.
export function LoadWholePage() {
  const { pathname, search, hash } = useLocation()
  useEffect(
    () => openWholePage(pathname + search + hash, { replace: true }),
    [pathname, search, hash],
  )
  return null
}
