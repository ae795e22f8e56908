import { useEffect, useState } from 'react'
import { Link, NavLink, Outlet, useLocation } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import type { SiteImage } from '#shared/schemas/site-images'
import { MenuButton } from '../components/ui/menu-button.tsx'
import { SkipLink } from '../components/ui/skip-link.tsx'
import { storedViewer } from '../lib/session.ts'
import { siteQuery } from '../lib/site.ts'
import { footerNav, publicNav } from './public-nav.ts'

// The name beside it says who it is, so the logo itself is decorative (alt=""). Until the site's
// details arrive its place is held empty rather than showing the default and swapping it.
function BrandLogo({ logo, loading }: { logo?: SiteImage | null; loading: boolean }) {
  if (loading) return <span className="brand__logo" />
  const shown = logo ?? { url: '/logo.svg', width: 40, height: 40 }
  return (
    <img className="brand__logo" src={shown.url} alt="" width={shown.width} height={shown.height} />
  )
}

export function PublicLayout() {
  const [menuOpen, setMenuOpen] = useState(false)
  const location = useLocation()
  // The public pages only need to know whether to offer Login or the members area; asking the
  // server would be a 401 for every visitor, so the stored user decides.
  const viewer = storedViewer()
  const site = useQuery(siteQuery)
  useEffect(() => setMenuOpen(false), [location.pathname])

  return (
    <div className="public">
      <SkipLink />
      <header className="public__header">
        <Link to="/" className="brand">
          <BrandLogo logo={site.data?.images.logo} loading={site.isPending} />
          <span>{site.data?.charityName ?? 'Allotment Association'}</span>
        </Link>
        <div className="public__actions">
          {viewer && viewer.level > 0 ? (
            <Link className="link-target" to="/members" reloadDocument>
              Members area
            </Link>
          ) : (
            <Link className="link-target" to="/login">
              Login
            </Link>
          )}
          <MenuButton
            open={menuOpen}
            controls="public-menu"
            onToggle={() => setMenuOpen((open) => !open)}
          />
        </div>
        <nav id="public-menu" aria-label="Main" className={menuOpen ? 'menu menu--open' : 'menu'}>
          <ul>
            {publicNav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="public__main">
        <Outlet />
      </main>
      <footer className="public__footer">
        <p>
          {site.data?.charityName ?? 'Allotment Association'} is a registered charity
          {site.data?.charityNumber ? ` (number ${site.data.charityNumber})` : ''}.{' '}
          {site.data ? (
            <a href={site.data.charityRegisterUrl} rel="noopener noreferrer">
              See our entry in the register of charities
            </a>
          ) : null}
        </p>
        {site.data?.contactAddress ? (
          <address className="public__address">{site.data.contactAddress}</address>
        ) : null}
        <ul className="public__footer-links">
          {footerNav.map((link) => (
            <li key={link.to}>
              <Link className="link-target" to={link.to}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </footer>
    </div>
  )
}
