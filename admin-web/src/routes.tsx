// The admin's router: the login page for guests, and every screen of the screens table inside
// the back-office layout behind its guard. Screens whose capability comes in a later issue
// show the shared ComingSoon page; unknown paths the not-found page.
import type { ReactNode } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { GuestOnly, RequireAuth, ScreenGuard } from './auth/guards'
import { ComingSoon } from './components/ComingSoon'
import { NotFound } from './components/NotFound'
import { AdminLayout } from './layout/AdminLayout'
import { HomePage } from './pages/home/HomePage'
import { ActivityLog } from './pages/activity/ActivityLog'
import { AttributeList } from './pages/attributes/AttributeList'
import { BrandList } from './pages/brands/BrandList'
import { CatalogStickersPage } from './pages/catalog-stickers/CatalogStickersPage'
import { CategoryCreatePage, CategoryEditPage } from './pages/categories/CategoryForm'
import { CategoryList } from './pages/categories/CategoryList'
import { LoginPage } from './pages/login/LoginPage'
import { ProductCreatePage, ProductEditPage } from './pages/product-detail/ProductPage'
import { ProductList } from './pages/products/ProductList'
import { SupplierList } from './pages/suppliers/SupplierList'
import { SupplierProducts } from './pages/suppliers/SupplierProducts'
import { UserCreatePage, UserEditPage } from './pages/users/UserForm'
import { UserList } from './pages/users/UserList'
import { notificationScreens } from './pages/notifications/screens'
import { pricelistScreens } from './pages/pricelists/screens'
import { screens, type ScreenName } from './screens'

export const BASENAME = '/admin'

const built: Partial<Record<ScreenName, ReactNode>> = {
  home: <HomePage />,
  products: <ProductList />,
  productsOnSite: <ProductList variant="onSite" />,
  users: <UserList />,
  userAdd: <UserCreatePage />,
  user: <UserEditPage />,
  productAdd: <ProductCreatePage />,
  product: <ProductEditPage />,
  productAttributes: <ProductEditPage />,
  productPhotos: <ProductEditPage />,
  productSticker: <ProductEditPage />,
  productCatalogSticker: <ProductEditPage />,
  categories: <CategoryList />,
  categoryAdd: <CategoryCreatePage />,
  category: <CategoryEditPage />,
  attributes: <AttributeList />,
  brands: <BrandList />,
  suppliers: <SupplierList />,
  supplierProducts: <SupplierProducts />,
  catalogStickers: <CatalogStickersPage />,
  activityLog: <ActivityLog />,
  ...pricelistScreens,
  ...notificationScreens,
}

export const routes: RouteObject[] = [
  {
    path: '/login',
    element: (
      <GuestOnly>
        <LoginPage />
      </GuestOnly>
    ),
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AdminLayout />,
        children: [
          ...(Object.entries(screens) as [ScreenName, (typeof screens)[ScreenName]][]).map(([name, screen]) => ({
            path: screen.path,
            element: (
              <ScreenGuard key={name} screen={screen}>
                {built[name] ?? <ComingSoon title={screen.title} />}
              </ScreenGuard>
            ),
          })),
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
]

export function createAdminRouter() {
  return createBrowserRouter(routes, { basename: BASENAME })
}
