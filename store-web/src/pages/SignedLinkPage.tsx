// The pages the mails' signed links open: confirming a newsletter subscription, unsubscribing
// from the newsletter, and cancelling a back-in-stock alert. Each sends the link's query to
// its call once and shows the server's answer (a forged or expired link: the server's
// refusal). A POST from the page (not a GET of the API from the mail) means a mail scanner
// fetching the link confirms or unsubscribes nothing.
import { ApiError } from '@shop/shared'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { useNewsletterConfirm, useNewsletterUnsubscribe, useStockUnsubscribe, type SignedLink } from '../hooks/api/newsletter'
import { paths } from '../routes/paths'
import { useDocumentTitle } from '../shell/useDocumentTitle'

export type SignedLinkKind = 'newsletterConfirm' | 'newsletterUnsubscribe' | 'stockUnsubscribe'

function linkOf(q: URLSearchParams): SignedLink | null {
  const id = Number(q.get('id'))
  const signature = q.get('signature') ?? ''
  if (!Number.isInteger(id) || id <= 0 || signature === '') return null
  const expires = q.get('expires')
  return { id, signature, expires: expires ? Number(expires) : undefined }
}

export function SignedLinkPage({ kind }: { kind: SignedLinkKind }) {
  const { t } = useTranslation()
  useDocumentTitle(t(`signedLinks.${kind}`))
  const [q] = useSearchParams()
  const confirm = useNewsletterConfirm()
  const unsubscribe = useNewsletterUnsubscribe()
  const stock = useStockUnsubscribe()
  const call = kind === 'newsletterConfirm' ? confirm : kind === 'newsletterUnsubscribe' ? unsubscribe : stock
  const link = linkOf(q)
  const sent = useRef(false)

  useEffect(() => {
    if (sent.current || !link) return
    sent.current = true // once, also under StrictMode's double effect
    call.mutate(link)
  }, [call, link])

  let body
  if (!link) body = <p role="alert">{t('signedLinks.invalid')}</p>
  else if (call.isSuccess) body = <p role="status">{call.data}</p>
  else if (call.isError)
    body = <p role="alert">{call.error instanceof ApiError && call.error.status < 500 && call.error.body?.message ? call.error.body.message : t('signedLinks.failed')}</p>
  else body = <p aria-busy="true">{t('signedLinks.working')}</p>

  return (
    <div className="container status-page" data-testid="signed-link-page">
      <h1>{t(`signedLinks.${kind}`)}</h1>
      {body}
      <div className="status-page__actions">
        <Link to={paths.home} className="btn btn--primary">
          {t('signedLinks.home')}
        </Link>
      </div>
    </div>
  )
}
