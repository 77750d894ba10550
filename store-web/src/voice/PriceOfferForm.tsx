// The price-offer form: e-mail and the asked price. Both required ('Polja su prazna.'), the
// e-mail of the standard pattern ('Niste uneli pravilnu Email adresu.'), each a danger notice;
// success shows 'Uspešno ste poslali upit!' (the server's message).
import { ApiError } from '@shop/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '../forms/TextField'
import { usePriceOffer } from '../hooks/api/voice'
import { FormAlert } from '../pages/AuthCard'
import { Honeypot } from './Honeypot'
import { offerProblem } from './rules'

export function PriceOfferForm({ productSku }: { productSku: string }) {
  const { t } = useTranslation()
  const offer = usePriceOffer()
  const [email, setEmail] = useState('')
  const [price, setPrice] = useState('')
  const [website, setWebsite] = useState('')
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null)
  return (
    <form
      className="voice-form"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault()
        const problem = offerProblem(email, price)
        if (problem) {
          setNotice({ kind: 'error', text: t(problem) })
          return
        }
        try {
          const msg = await offer.mutateAsync({ product_sku: productSku, email: email.trim(), price: price.trim().replace(',', '.'), website })
          setNotice({ kind: 'success', text: msg || t('voice.offer.sent') })
          setEmail('')
          setPrice('')
        } catch (err) {
          setNotice({ kind: 'error', text: err instanceof ApiError && err.status < 500 ? err.message : t('form.serverError') })
        }
      }}
    >
      {/* h2: it follows the product's h1 (heading order); sized as before. */}
      <h2 className="voice-form__title">{t('voice.offer.title')}</h2>
      {notice && <FormAlert kind={notice.kind}>{notice.text}</FormAlert>}
      <TextField label={t('voice.offer.email')} name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <TextField label={t('voice.offer.price')} name="price" value={price} onChange={(e) => setPrice(e.target.value)} />
      <Honeypot value={website} onChange={(e) => setWebsite(e.target.value)} />
      <button type="submit" className="btn btn--primary" disabled={offer.isPending}>
        {offer.isPending ? t('form.sending') : t('voice.offer.submit')}
      </button>
    </form>
  )
}
