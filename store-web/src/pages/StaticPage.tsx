// One component for every editable static page (delivery terms, terms and conditions, payment,
// service pages, about, contact, ...): GET pages/{slug} in the chosen language; the contact
// page adds its form. An anchor in the URL (#shipment_tracking, #buyers_right, #delivery,
// #kontakt-forma) scrolls to its element once the text is in.
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { useStaticPage } from '../hooks/api/staticPages'
import { formatDate } from '../product/format'
import { HtmlBody, scrollToAnchor } from '../product/HtmlBody'
import '../product/pages.css'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import { ContactForm } from '../voice/ContactForm'
import { NotFoundPage } from './NotFoundPage'
import { ShopContact } from './ShopContact'

export function StaticPage({ slug }: { slug: string }) {
  const { t } = useTranslation()
  const { hash } = useLocation()
  const q = useStaticPage(slug)
  useDocumentTitle(q.data?.title)
  const anchor = decodeURIComponent(hash.replace(/^#/, ''))

  useEffect(() => {
    if (!q.data || !anchor) return
    // After the layout's scroll to the top of a new page (a parent's effect runs after this one).
    const timer = window.setTimeout(() => scrollToAnchor(anchor), 0)
    return () => window.clearTimeout(timer)
  }, [q.data, anchor])

  if (q.isPending) {
    return (
      <div className="container content-page" role="status" aria-label={t('staticPage.loading')}>
        <div className="content-page__skeleton" />
      </div>
    )
  }
  if (q.isError) return <NotFoundPage />
  const page = q.data
  return (
    <article className="container content-page" data-testid="static-page">
      <h1>{page.title}</h1>
      {slug === 'kontakt' && <ShopContact />}
      <HtmlBody html={page.body_html} className="content-page__body" testId="static-page-body" />
      {slug === 'kontakt' && <ContactForm />}
      {page.updated_at && (
        <p className="content-page__updated">
          {t('staticPage.updated', { date: formatDate(page.updated_at) })}
        </p>
      )}
    </article>
  )
}
