// The storefront frame around every page: header, the page, footer, cookie notice.
import { useEffect } from 'react'
import { Outlet, useLocation } from 'react-router'
import { CartNotice } from '../cart/CartNotice'
import { leavePage } from '../cart/notice'
import { CookieNotice } from './CookieNotice'
import { Footer } from './Footer'
import { Header } from './Header'
import { ScrollTopButton } from './ScrollTopButton'

export function StoreLayout() {
  const { pathname } = useLocation()
  // A new page starts at its top. (Block body: newer browsers' scrollTo returns a promise,
  // which React would take for a clean-up function.)
  // The last page's notice stays behind: "added to the cart" must not follow the shopper to
  // the cart, where it covered "Završi kupovinu".
  useEffect(() => {
    window.scrollTo(0, 0)
    leavePage()
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
