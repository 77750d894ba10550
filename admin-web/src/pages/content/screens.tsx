import type { ReactNode } from 'react'
import { lazyPage } from '../../lazyPage'
import type { ScreenName } from '../../screens'

const BannerList = lazyPage(() => import('./Banners'), 'BannerList')
const BannerCreatePage = lazyPage(() => import('./Banners'), 'BannerCreatePage')
const BannerEditPage = lazyPage(() => import('./Banners'), 'BannerEditPage')
const NewsList = lazyPage(() => import('./News'), 'NewsList')
const NewsCreatePage = lazyPage(() => import('./News'), 'NewsCreatePage')
const NewsEditPage = lazyPage(() => import('./News'), 'NewsEditPage')
const HomeProductsPage = lazyPage(() => import('./Home'), 'HomeProductsPage')
const HomeCategoriesPage = lazyPage(() => import('./Home'), 'HomeCategoriesPage')
const SectionList = lazyPage(() => import('./Home'), 'SectionList')
const SectionCreatePage = lazyPage(() => import('./Home'), 'SectionCreatePage')
const SectionEditPage = lazyPage(() => import('./Home'), 'SectionEditPage')
const StaticPageList = lazyPage(() => import('./StaticPages'), 'StaticPageList')
const StaticPageEditPage = lazyPage(() => import('./StaticPages'), 'StaticPageEditPage')

// The content screens: banners, news, the home screen and the static pages.
export const contentScreens: Partial<Record<ScreenName, ReactNode>> = {
  banners: <BannerList />,
  bannerAdd: <BannerCreatePage />,
  banner: <BannerEditPage />,
  news: <NewsList />,
  newsAdd: <NewsCreatePage />,
  newsItem: <NewsEditPage />,
  homeProducts: <HomeProductsPage />,
  homeCategories: <HomeCategoriesPage />,
  homeSections: <SectionList />,
  homeSectionAdd: <SectionCreatePage />,
  homeSection: <SectionEditPage />,
  staticPages: <StaticPageList />,
  staticPage: <StaticPageEditPage />,
}
