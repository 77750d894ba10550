// The product page and the content pages (static pages, news, actions, landing pages): each a
// lazy chunk of its own, loaded when its route is first opened.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Route } from 'react-router'
import { paths, staticPages } from './paths'

const ProductPage = lazy(() => import('../pages/ProductPage').then((m) => ({ default: m.ProductPage })))
const StaticPage = lazy(() => import('../pages/StaticPage').then((m) => ({ default: m.StaticPage })))
const NewsListPage = lazy(() => import('../pages/NewsListPage').then((m) => ({ default: m.NewsListPage })))
const NewsPage = lazy(() => import('../pages/NewsPage').then((m) => ({ default: m.NewsPage })))
const ActionsPage = lazy(() => import('../pages/ActionsPage').then((m) => ({ default: m.ActionsPage })))
const ActionPage = lazy(() => import('../pages/ActionPage').then((m) => ({ default: m.ActionPage })))
const LandingPage = lazy(() => import('../pages/LandingPage').then((m) => ({ default: m.LandingPage })))

/** PageChunk holds the page's place (no layout shift) while its code loads. */
function PageChunk({ children }: { children: ReactNode }) {
  return <Suspense fallback={<ChunkLoading />}>{children}</Suspense>
}

// A screen high: the footer stays below the fold until the page comes.
function ChunkLoading() {
  const { t } = useTranslation()
  return <div className="container" style={{ minHeight: '100vh' }} role="status" aria-label={t('common.loading')} />
}

function page(C: ComponentType) {
  return (
    <PageChunk>
      <C />
    </PageChunk>
  )
}

/** contentRoutes: the <Route>s to place inside the storefront layout. */
export function contentRoutes() {
  return [
    <Route key="product" path={paths.product} element={page(ProductPage)} />,
    <Route key="news" path={paths.news} element={page(NewsListPage)} />,
    <Route key="news-post" path={paths.newsPost} element={page(NewsPage)} />,
    <Route key="actions" path={paths.actions} element={page(ActionsPage)} />,
    <Route key="action-preview" path={paths.actionPreview} element={<PageChunk><ActionPage preview /></PageChunk>} />,
    <Route key="action" path={paths.action} element={page(ActionPage)} />,
    <Route key="landing" path={paths.landing} element={page(LandingPage)} />,
    ...staticPages.map((slug) => (
      <Route
        key={`static-${slug}`}
        path={`/${slug}`}
        element={
          <PageChunk>
            {/* key: a new page's state starts fresh when moving between static pages */}
            <StaticPage key={slug} slug={slug} />
          </PageChunk>
        }
      />
    )),
  ]
}
