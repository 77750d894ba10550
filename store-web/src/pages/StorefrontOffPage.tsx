// The non-frontend default screen: the module list is unavailable or lacks Frontend.
import { useTranslation } from 'react-i18next'
import { adminUrl } from '../routes/paths'
import { BoltLogo } from '../shell/Icons'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import { useShop } from '../shop'

export function StorefrontOffPage() {
  const { t } = useTranslation()
  const shop = useShop()
  useDocumentTitle(t('off.title'))
  return (
    <main className="standalone" data-testid="storefront-off">
      <div className="card standalone__card">
        <BoltLogo />
        <p className="standalone__brand">{shop.name}</p>
        <h1>{t('off.title')}</h1>
        <p>{t('off.text')}</p>
        <a className="btn btn--primary" href={adminUrl}>
          {t('off.admin')}
        </a>
      </div>
    </main>
  )
}

/** AdminAreaPage: only reached when the storefront bundle is served under /admin (dev server). */
export function AdminAreaPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('adminArea.title'))
  return (
    <main className="standalone" data-testid="admin-area">
      <div className="card standalone__card">
        <BoltLogo />
        <h1>{t('adminArea.title')}</h1>
        <p>{t('adminArea.text')}</p>
        <a className="btn btn--primary" href={adminUrl}>
          {t('adminArea.open')}
        </a>
      </div>
    </main>
  )
}
