// The storefront's routes under the shell rules: the storefront frame only when Frontend is on.
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Route, Routes, useLocation } from 'react-router'
import { useModules } from './hooks/api/session'
import { AccountPage } from './pages/AccountPage'
import { ComingSoonPage } from './pages/ComingSoonPage'
import { ForgotPasswordPage } from './pages/ForgotPasswordPage'
import { HomePage } from './pages/HomePage'
import { LoginPage } from './pages/LoginPage'
import { NewPasswordPage } from './pages/NewPasswordPage'
import { NotFoundPage } from './pages/NotFoundPage'
import { RegisterPage } from './pages/RegisterPage'
import { SignedLinkPage } from './pages/SignedLinkPage'
import { AdminAreaPage, StorefrontOffPage } from './pages/StorefrontOffPage'
import { GuestOnly, RequireLogin } from './routes/guards'
import { contentRoutes } from './routes/contentRoutes'
import { comingSoon, paths } from './routes/paths'
import { shellFor } from './shell/rules'
import { StoreLayout } from './shell/StoreLayout'

// Pages loaded on demand (each its own chunk: the first screen stays light).
const CategoryPage = lazy(() => import('./pages/CategoryPage'))
const SearchPage = lazy(() => import('./pages/SearchPage'))
const ComparePage = lazy(() => import('./pages/ComparePage'))
// The cart, the purchase completion and My account's orders and addresses: their own chunks, so
// the category page's first load stays within its budget.
const CartPage = lazy(() => import('./pages/cart/CartPage'))
const WishlistPage = lazy(() => import('./pages/cart/WishlistPage'))
const CheckoutPage = lazy(() => import('./checkout/CheckoutPage'))
const ThankYouPage = lazy(() => import('./checkout/ThankYouPage'))
const MyOrdersPage = lazy(() => import('./account/MyOrdersPage'))
const MyOrderPage = lazy(() => import('./account/MyOrderPage'))
const AddressesPage = lazy(() => import('./account/AddressesPage'))
const AddressFormPage = lazy(() => import('./account/AddressFormPage'))

// A screen high: the footer stays below the fold until the page comes (no layout shift).
function PageLoading() {
  return <div className="container" style={{ minHeight: '100vh' }} aria-busy="true" />
}

export function App() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const modules = useModules()

  // Only on a first visit ever (no stored module list) is there anything to wait for.
  if (modules.isPending) {
    return (
      <div className="splash" role="status" aria-label={t('common.loading')}>
        <span className="spinner" />
      </div>
    )
  }

  switch (shellFor(pathname, modules.data)) {
    case 'admin':
      return <AdminAreaPage />
    case 'storefront-off':
      return <StorefrontOffPage />
    case 'storefront':
      return <StoreRoutes />
  }
}

export function StoreRoutes() {
  return (
    <Routes>
      <Route element={<StoreLayout />}>
        <Route index element={<HomePage />} />
        <Route element={<GuestOnly />}>
          <Route path={paths.login} element={<LoginPage />} />
          <Route path={paths.register} element={<RegisterPage />} />
          <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
          <Route path={paths.newPassword} element={<NewPasswordPage />} />
        </Route>
        <Route element={<RequireLogin />}>
          <Route path={paths.account} element={<AccountPage />} />
          <Route path={paths.accountOrders} element={<Suspense fallback={<PageLoading />}><MyOrdersPage /></Suspense>} />
          <Route path={paths.accountOrder} element={<Suspense fallback={<PageLoading />}><MyOrderPage /></Suspense>} />
          <Route path={paths.accountAddresses} element={<Suspense fallback={<PageLoading />}><AddressesPage /></Suspense>} />
          <Route path={paths.accountAddressForm} element={<Suspense fallback={<PageLoading />}><AddressFormPage /></Suspense>} />
        </Route>
        {contentRoutes()}
        <Route path={paths.category} element={<Suspense fallback={<PageLoading />}><CategoryPage /></Suspense>} />
        <Route path={paths.search} element={<Suspense fallback={<PageLoading />}><SearchPage /></Suspense>} />
        <Route path={paths.compare} element={<Suspense fallback={<PageLoading />}><ComparePage /></Suspense>} />
        <Route path={paths.cart} element={<Suspense fallback={<PageLoading />}><CartPage /></Suspense>} />
        <Route path={paths.wishlist} element={<Suspense fallback={<PageLoading />}><WishlistPage /></Suspense>} />
        <Route path={paths.checkout} element={<Suspense fallback={<PageLoading />}><CheckoutPage /></Suspense>} />
        <Route path={paths.thankYou} element={<Suspense fallback={<PageLoading />}><ThankYouPage /></Suspense>} />
        <Route path={paths.newsletterConfirm} element={<SignedLinkPage kind="newsletterConfirm" />} />
        <Route path={paths.newsletterUnsubscribe} element={<SignedLinkPage kind="newsletterUnsubscribe" />} />
        <Route path={paths.stockUnsubscribe} element={<SignedLinkPage kind="stockUnsubscribe" />} />
        {comingSoon.map((p) => (
          <Route key={p} path={p} element={<ComingSoonPage />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  )
}
