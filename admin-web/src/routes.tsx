// The admin's router: the login page for guests, and every screen of the screens table inside
// the back-office layout behind its guard; unknown paths the not-found page. Every screen of
// the table has its page (routes.test.tsx checks that none is left out).
import type { ReactNode } from 'react'
import { useRoutes, type RouteObject } from 'react-router'
import { GuestOnly, RequireAuth, ScreenGuard } from './auth/guards'
import { loadAreaTexts } from './i18n'
import { Lazy, lazyPage } from './lazyPage'
import { partnerScreens } from './pages/api-clients/screens'
import { contentScreens } from './pages/content/screens'
import { eofferScreens } from './pages/eoffer/screens'
import { voiceScreens } from './pages/voice/screens'
import { invoiceScreens } from './pages/invoices/screens'
import { staffScreens } from './pages/authorization/screens'
import { landingScreens } from './pages/landing-pages/screens'
import { notificationScreens } from './pages/notifications/screens'
import { orderScreens } from './pages/orders/screens'
import { pricelistScreens } from './pages/pricelists/screens'
import { pricingRuleScreens } from './pages/pricing-rules/screens'
import { screens, type ScreenName } from './screens'

export const BASENAME = '/admin'

// Every page is its own chunk: the first screen loads only what it shows.
const NotFound = lazyPage(() => import('./components/NotFound'), 'NotFound')
// the back office's area texts (i18n AREAS) load beside its layout: the login screen has no use for them
const AdminLayout = lazyPage(() => Promise.all([import('./layout/AdminLayout'), loadAreaTexts()]).then(([m]) => m), 'AdminLayout')
const LoginPage = lazyPage(() => import('./pages/login/LoginPage'), 'LoginPage')
const HomePage = lazyPage(() => import('./pages/home/HomePage'), 'HomePage')
const ActivityLog = lazyPage(() => import('./pages/activity/ActivityLog'), 'ActivityLog')
const AttributeList = lazyPage(() => import('./pages/attributes/AttributeList'), 'AttributeList')
const AttributeProductsPage = lazyPage(() => import('./pages/attributes/AttributeProductsPage'), 'AttributeProductsPage')
const BrandList = lazyPage(() => import('./pages/brands/BrandList'), 'BrandList')
const CatalogStickersPage = lazyPage(() => import('./pages/catalog-stickers/CatalogStickersPage'), 'CatalogStickersPage')
const CategoryCreatePage = lazyPage(() => import('./pages/categories/CategoryForm'), 'CategoryCreatePage')
const CategoryEditPage = lazyPage(() => import('./pages/categories/CategoryForm'), 'CategoryEditPage')
const DiscountTypeList = lazyPage(() => import('./pages/discounts/DiscountTypeList'), 'DiscountTypeList')
const ActionsPage = lazyPage(() => import('./pages/actions/ActionsPage'), 'ActionsPage')
const CategoryList = lazyPage(() => import('./pages/categories/CategoryList'), 'CategoryList')
const ProductCreatePage = lazyPage(() => import('./pages/product-detail/ProductPage'), 'ProductCreatePage')
const ProductEditPage = lazyPage(() => import('./pages/product-detail/ProductPage'), 'ProductEditPage')
const ProductList = lazyPage(() => import('./pages/products/ProductList'), 'ProductList')
const SupplierList = lazyPage(() => import('./pages/suppliers/SupplierList'), 'SupplierList')
const SupplierProducts = lazyPage(() => import('./pages/suppliers/SupplierProducts'), 'SupplierProducts')
const UserCreatePage = lazyPage(() => import('./pages/users/UserForm'), 'UserCreatePage')
const UserEditPage = lazyPage(() => import('./pages/users/UserForm'), 'UserEditPage')
const UserList = lazyPage(() => import('./pages/users/UserList'), 'UserList')

export const screenPages: Partial<Record<ScreenName, ReactNode>> = {
  home: <HomePage />,
  products: <ProductList />,
  productsOnSite: <ProductList variant="onSite" />,
  users: <UserList />,
  userAdd: <UserCreatePage />,
  user: <UserEditPage />,
  productAdd: <ProductCreatePage />,
  product: <ProductEditPage />,
  productDiscounts: <ProductEditPage />,
  productAttributes: <ProductEditPage />,
  productPhotos: <ProductEditPage />,
  productSticker: <ProductEditPage />,
  productCatalogSticker: <ProductEditPage />,
  productAttributesAdd: <AttributeProductsPage />,
  categories: <CategoryList />,
  categoryAdd: <CategoryCreatePage />,
  category: <CategoryEditPage />,
  attributes: <AttributeList />,
  brands: <BrandList />,
  suppliers: <SupplierList />,
  supplierProducts: <SupplierProducts />,
  catalogStickers: <CatalogStickersPage />,
  discountTypes: <DiscountTypeList />,
  actions: <ActionsPage />,
  activityLog: <ActivityLog />,
  ...pricelistScreens,
  ...notificationScreens,
  ...pricingRuleScreens,
  ...partnerScreens,
  ...eofferScreens,
  ...contentScreens,
  ...voiceScreens,
  ...landingScreens,
  ...orderScreens,
  ...invoiceScreens,
  ...staffScreens,
}

export const routes: RouteObject[] = [
  {
    path: '/login',
    element: (
      <GuestOnly>
        <Lazy>
          <LoginPage />
        </Lazy>
      </GuestOnly>
    ),
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: (
          <Lazy>
            <AdminLayout />
          </Lazy>
        ),
        children: [
          ...(Object.entries(screens) as [ScreenName, (typeof screens)[ScreenName]][]).map(([name, screen]) => ({
            path: screen.path,
            element: (
              <ScreenGuard key={name} screen={screen}>
                <Lazy>{screenPages[name] ?? <NotFound />}</Lazy>
              </ScreenGuard>
            ),
          })),
          {
            path: '*',
            element: (
              <Lazy>
                <NotFound />
              </Lazy>
            ),
          },
        ],
      },
    ],
  },
]

/** AdminRoutes: the route table under a <BrowserRouter basename={BASENAME}>. */
export function AdminRoutes() {
  return useRoutes(routes)
}
