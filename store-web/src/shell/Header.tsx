// The storefront header: support phones, the Admin Panel link (staff) and language in a top strip, then the logo, the main
// links, the account links and the wish list and cart. It turns compact after 200 px of scroll.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, useLocation } from 'react-router'
import { useCart, useWishlist } from '../hooks/api/cart'
import { useMe } from '../hooks/api/session'
import { adminUrl, paths } from '../routes/paths'
import { useIsLoggedIn } from '../session/loginState'
import { telHref, useShop } from '../shop'
import { BoltLogo, CartIcon, CloseIcon, HeartIcon, MenuIcon, PhoneIcon, ShieldIcon, TruckIcon, UserIcon } from './Icons'
import { LanguageSwitch } from './LanguageSwitch'
import { canSeeAdminPanel } from './rules'
import { COMPACT_HEADER_AFTER, useScrollY } from './scroll'
import { useLogoutAndLeave } from './useLogoutAndLeave'
import { CategoryBar, MobileCategories } from './CategoryMenu'
import { SearchBox } from './SearchBox'

export function Header() {
  const { t } = useTranslation()
  const shop = useShop()
  const loggedIn = useIsLoggedIn()
  const me = useMe()
  const logout = useLogoutAndLeave()
  const compact = useScrollY() > COMPACT_HEADER_AFTER
  const [menuOpen, setMenuOpen] = useState(false)
  const [searchOpen, setSearchOpen] = useState(false)
  const { pathname } = useLocation()
  // The lists' counts: the cart's units (purchasable lines), the wish list's products.
  const cartCount = useCart().data?.count ?? 0
  const wishlistCount = useWishlist().data?.items?.length ?? 0

  useEffect(() => {
    setMenuOpen(false)
    setSearchOpen(false)
  }, [pathname])

  const user = loggedIn ? me.data : undefined
  const showAdmin = canSeeAdminPanel(user)
  const mainLinks = [
    { to: paths.home, label: t('nav.home'), end: true },
    { to: paths.actions, label: t('nav.actions') },
    { to: paths.checkout, label: t('nav.checkout') },
    { to: paths.delivery, label: t('nav.delivery') },
    { to: paths.terms, label: t('nav.terms') },
  ]

  return (
    <header className={compact ? 'site-header site-header--compact' : 'site-header'} data-testid="site-header">
      <div className="topbar">
        <div className="container topbar__inner">
          <p className="topbar__support">
            <PhoneIcon />
            <span className="topbar__label">{t('header.support')}</span>
            {shop.phones.slice(0, 2).map((p) => (
              <a key={p} href={telHref(p)}>
                {p}
              </a>
            ))}
          </p>
          <p className="header-hours">{t('browseHeader.hours')}</p>
          <p className="topbar__delivery">
            <TruckIcon />
            {t('header.freeDelivery')}
          </p>
          {showAdmin && (
            <a className="admin-link" href={adminUrl}>
              <ShieldIcon />
              <span>{t('nav.adminPanel')}</span>
            </a>
          )}
          <LanguageSwitch />
        </div>
      </div>

      <div className="mainbar">
        <div className="container mainbar__inner">
          <Link to={paths.home} className="logo" aria-label={t('brand.homeLink', { name: shop.name })}>
            <BoltLogo />
            <span className="logo__text">
              <strong>{shop.name}</strong>
              <small>{t('brand.tagline')}</small>
            </span>
          </Link>

          <SearchBox />

          <nav id="main-nav" className={menuOpen ? 'mainnav mainnav--open' : 'mainnav'} aria-label={t('nav.main')}>
            {menuOpen && <MobileCategories />}
            <ul className="mainnav__links">
              {mainLinks.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} end={l.end}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <ul className="mainnav__account">
              {showAdmin && (
                <li className="mainnav__admin">
                  <a href={adminUrl}>{t('nav.adminPanel')}</a>
                </li>
              )}
              {loggedIn ? (
                <>
                  <li>
                    <NavLink to={paths.account}>{t('nav.account')}</NavLink>
                  </li>
                  <li>
                    <button type="button" className="linklike" onClick={logout.run} disabled={logout.isPending}>
                      {t('nav.logout')}
                    </button>
                  </li>
                </>
              ) : (
                <>
                  <li>
                    <NavLink to={paths.login}>{t('nav.login')}</NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.register}>{t('nav.register')}</NavLink>
                  </li>
                </>
              )}
            </ul>
            <LanguageSwitch className="mainnav__lang" />
          </nav>

          <div className="header-actions">
            <button
              type="button"
              className="header-search-toggle"
              aria-expanded={searchOpen}
              aria-controls="mobile-search"
              aria-label={searchOpen ? t('search.close') : t('search.open')}
              onClick={() => setSearchOpen((o) => !o)}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
                <circle cx="11" cy="11" r="7" />
                <path d="m20 20-3.5-3.5" />
              </svg>
            </button>
            {loggedIn ? (
              <>
                <NavLink to={paths.account} className="header-action" title={t('nav.account')}>
                  <UserIcon />
                  <span className="header-action__label">{user?.name ?? t('nav.account')}</span>
                </NavLink>
                <button type="button" className="header-logout" onClick={logout.run} disabled={logout.isPending}>
                  {t('nav.logout')}
                </button>
              </>
            ) : (
              <>
                <NavLink to={paths.login} className="header-action" title={t('nav.login')}>
                  <UserIcon />
                  <span className="header-action__label">{t('nav.login')}</span>
                </NavLink>
                <NavLink to={paths.register} className="header-register">
                  {t('nav.register')}
                </NavLink>
              </>
            )}
            <NavLink
              to={paths.wishlist}
              className="header-action header-action--wishlist"
              title={t('nav.wishlist')}
              aria-label={t('cart.headerWishlist', { count: wishlistCount })}
            >
              <HeartIcon />
              <span className="header-action__label">{t('nav.wishlist')}</span>
              <span className="header-count" data-testid="wishlist-count" aria-hidden="true">
                {wishlistCount}
              </span>
            </NavLink>
            <NavLink
              to={paths.cart}
              className="header-action header-action--cart"
              title={t('nav.cart')}
              aria-label={t('cart.headerCart', { count: cartCount })}
            >
              <CartIcon />
              <span className="header-action__label">{t('nav.cart')}</span>
              <span className="header-count" data-testid="cart-count" aria-hidden="true">
                {cartCount}
              </span>
            </NavLink>
            <button
              type="button"
              className="menu-toggle"
              aria-controls="main-nav"
              aria-expanded={menuOpen}
              aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
              onClick={() => setMenuOpen((o) => !o)}
            >
              {menuOpen ? <CloseIcon /> : <MenuIcon />}
            </button>
          </div>
        </div>
      </div>
      {searchOpen && (
        <div id="mobile-search" className="mobile-search" role="dialog" aria-label={t('search.label')}>
          <div className="mobile-search__head">
            <SearchBox autoFocus onDone={() => setSearchOpen(false)} />
            <button type="button" className="menu-toggle" aria-label={t('search.close')} onClick={() => setSearchOpen(false)}>
              <CloseIcon />
            </button>
          </div>
        </div>
      )}
      <CategoryBar />
    </header>
  )
}
