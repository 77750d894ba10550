// My account (login required): name, e-mail and the saved addresses.
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useMe, type Address } from '../hooks/api/session'
import { paths } from '../routes/paths'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import { useLogoutAndLeave } from '../shell/useLogoutAndLeave'

const addressTypes = ['billing_address', 'shipping_address'] as const

export function AccountPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('account.title'))
  const me = useMe()
  const logout = useLogoutAndLeave()

  return (
    <div className="container account-page">
      <div className="account-page__head">
        <h1>{t('account.title')}</h1>
        <button type="button" className="btn btn--ghost" onClick={logout.run} disabled={logout.isPending}>
          {t('account.logout')}
        </button>
      </div>

      <nav className="account-links" aria-label={t('account.title')}>
        <Link to={paths.accountOrders} className="btn btn--ghost">
          {t('myOrders.title')}
        </Link>
        <Link to={paths.accountAddresses} className="btn btn--ghost">
          {t('addressBook.title')}
        </Link>
      </nav>

      {me.isPending && <p className="muted">{t('account.loading')}</p>}
      {me.isError && !me.data && (
        <p className="alert alert--error" role="alert">
          {t('account.loadError')}
        </p>
      )}
      {me.data && (
        <>
          <section className="card account-card" data-testid="account-details">
            <h2>{t('account.details')}</h2>
            <dl className="details">
              <dt>{t('account.name')}</dt>
              <dd>{me.data.name}</dd>
              <dt>{t('account.email')}</dt>
              <dd>{me.data.email}</dd>
            </dl>
          </section>

          <section className="account-addresses" data-testid="account-addresses">
            <h2>{t('account.addresses')}</h2>
            {(me.data.addresses ?? []).length === 0 ? (
              <p className="muted">{t('account.noAddresses')}</p>
            ) : (
              <div className="address-grid">
                {addressTypes.flatMap((type) =>
                  (me.data.addresses ?? [])
                    .filter((a) => a.type === type)
                    .map((a) => <AddressCard key={a.id} address={a} />),
                )}
              </div>
            )}
          </section>
        </>
      )}
    </div>
  )
}

function AddressCard({ address }: { address: Address }) {
  const { t } = useTranslation()
  return (
    <article className="card address-card">
      <h3>{address.type ? t(`account.${address.type}`) : ''}</h3>
      <address>
        <strong>{address.name}</strong>
        <br />
        {address.address}
        <br />
        {address.post_code} {address.city}
        {address.phone && (
          <>
            <br />
            {t('account.phone')}: {address.phone}
          </>
        )}
      </address>
    </article>
  )
}
