// My account → addresses (login required): the saved billing and shipping addresses, each with
// change and delete, and a link to a new one.
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { errorText } from '../cart/errors'
import { showNotice } from '../cart/notice'
import { addressTypes, useAddresses, useDeleteAddress, type SavedAddress } from '../hooks/api/addresses'
import { addressFormPath, paths } from '../routes/paths'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import './account.css'

export function AddressesPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('addressBook.title'))
  const addresses = useAddresses()
  const list = addresses.data ?? []

  return (
    <div className="container account-page">
      <p className="account-back">
        <Link to={paths.account}>‹ {t('account.title')}</Link>
      </p>
      <div className="account-page__head">
        <h1>{t('addressBook.title')}</h1>
        <Link to={addressFormPath()} className="btn btn--primary">
          {t('addressBook.add')}
        </Link>
      </div>
      {addresses.isPending && <p className="muted">{t('account.loading')}</p>}
      {addresses.isError && (
        <p className="alert alert--error" role="alert">
          {t('account.loadError')}
        </p>
      )}
      {addresses.data && list.length === 0 && <p className="muted">{t('account.noAddresses')}</p>}
      {addressTypes.map((type) => {
        const of = list.filter((a) => a.type === type)
        return of.length > 0 ? (
          <section key={type} aria-labelledby={`${type}-title`}>
            <h2 id={`${type}-title`}>{t(`account.${type}`)}</h2>
            <div className="address-grid">
              {of.map((a) => (
                <AddressItem key={a.id} address={a} />
              ))}
            </div>
          </section>
        ) : null
      })}
    </div>
  )
}

function AddressItem({ address: a }: { address: SavedAddress }) {
  const { t } = useTranslation()
  const del = useDeleteAddress()
  return (
    <article className="card address-card" data-testid="address-card">
      <address>
        <strong>{a.name}</strong>
        <br />
        {a.address}
        <br />
        {a.post_code} {a.city}
        {a.phone && (
          <>
            <br />
            {t('account.phone')}: {a.phone}
          </>
        )}
      </address>
      <p className="address-card__actions">
        <Link to={addressFormPath(a.id!)}>
          {t('addressBook.edit')}
          <span className="visually-hidden">: {a.name}</span>
        </Link>
        <button
          type="button"
          className="linklike"
          disabled={del.isPending}
          onClick={() => {
            if (!window.confirm(t('addressBook.confirmDelete'))) return
            del.mutate(a.id!, {
              onSuccess: (r) => showNotice('success', r.message),
              onError: (err) => showNotice('error', errorText(err, t)),
            })
          }}
        >
          {t('addressBook.delete')}
          <span className="visually-hidden">: {a.name}</span>
        </button>
      </p>
    </article>
  )
}

export default AddressesPage
