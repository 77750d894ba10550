// My account → the address form (login required; spec "address form {address_method}"):
// /moj-nalog/adrese/nova makes a new address, /moj-nalog/adrese/{id} changes that one. Type
// (billing or shipping), name, address, city, post code (5 digits) and phone; the server's 422
// is shown at the fields.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { showNotice } from '../cart/notice'
import { addressRules } from '../checkout/rules'
import { TextField } from '../forms/TextField'
import { useForm } from '../forms/useForm'
import { addressTypes, useAddresses, useSaveAddress, type AddressType } from '../hooks/api/addresses'
import { FormAlert } from '../pages/AuthCard'
import { NEW_ADDRESS, paths } from '../routes/paths'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import './account.css'

export function AddressFormPage() {
  const { t } = useTranslation()
  const { addressMethod = NEW_ADDRESS } = useParams()
  const editing = addressMethod !== NEW_ADDRESS
  const id = editing ? Number(addressMethod) : undefined
  useDocumentTitle(editing ? t('addressBook.editTitle') : t('addressBook.newTitle'))
  const addresses = useAddresses()
  const save = useSaveAddress()
  const navigate = useNavigate()
  const [type, setType] = useState<AddressType>('billing_address')
  const form = useForm(addressRules, { name: '', address: '', city: '', post_code: '', phone: '' })
  const current = editing ? addresses.data?.find((a) => a.id === id) : undefined

  const { setValues } = form
  useEffect(() => {
    if (!current) return
    setType(current.type ?? 'billing_address')
    setValues({
      name: current.name,
      address: current.address,
      city: current.city,
      post_code: current.post_code,
      phone: current.phone,
    })
  }, [current, setValues])

  if (editing && addresses.data && !current) {
    return (
      <div className="container account-page">
        <p className="alert alert--error" role="alert">
          {t('addressBook.missing')}
        </p>
        <Link to={paths.accountAddresses}>{t('addressBook.title')}</Link>
      </div>
    )
  }

  return (
    <div className="container account-page">
      <p className="account-back">
        <Link to={paths.accountAddresses}>‹ {t('addressBook.title')}</Link>
      </p>
      <h1>{editing ? t('addressBook.editTitle') : t('addressBook.newTitle')}</h1>
      <form
        noValidate
        className="card address-form"
        aria-label={editing ? t('addressBook.editTitle') : t('addressBook.newTitle')}
        onSubmit={form.onSubmit(async (v) => {
          const r = await save.mutateAsync({ id, body: { ...v, type } })
          showNotice('success', r.message)
          navigate(paths.accountAddresses)
        })}
      >
        {form.formError && <FormAlert kind="error">{form.formError}</FormAlert>}
        <fieldset className="radio-group">
          <legend>{t('addressBook.type')}</legend>
          {addressTypes.map((x) => (
            <label key={x} className="check">
              <input type="radio" name="type" value={x} checked={type === x} onChange={() => setType(x)} />
              {t(`account.${x}`)}
            </label>
          ))}
        </fieldset>
        <TextField label={t('checkout.fields.name')} autoComplete="name" {...form.field('name')} />
        <TextField label={t('checkout.fields.address')} autoComplete="street-address" {...form.field('address')} />
        <TextField label={t('checkout.fields.city')} autoComplete="address-level2" {...form.field('city')} />
        <TextField label={t('checkout.fields.postCode')} autoComplete="postal-code" {...form.field('post_code')} />
        <TextField label={t('checkout.fields.phone')} autoComplete="tel" {...form.field('phone')} />
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending ? t('form.sending') : t('addressBook.save')}
        </button>
      </form>
    </div>
  )
}

export default AddressFormPage
