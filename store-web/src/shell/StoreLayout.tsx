// The storefront frame around every page: header, the page, footer, cookie notice.
import { useEffect } from 'react'
import { Outlet, useLocation } from 'react-router'
import { CartNotice } from '../cart/CartNotice'
import { CookieNotice } from './CookieNotice'
import { Footer } from './Footer'
import { Header } from './Header'
import { ScrollTopButton } from './ScrollTopButton'

export function StoreLayout() {
  const { pathname } = useLocation()
  // A new page starts at its top. (Block body: newer browsers' scrollTo returns a promise,
  // which React would take for a clean-up function.)
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])

  return (
    <div className="page">
      <Header />
      <main id="main" className="page__main">
        <Outlet />
      </main>
      <Footer />
      <CartNotice />
      <ScrollTopButton />
      <CookieNotice />
    </div>
  )
}
