// The price-offer form: e-mail and the asked price. Both required ('Polja su prazna.'), the
// e-mail of the standard pattern ('Niste uneli pravilnu e-mail adresu.'), each a danger notice;
// success shows 'Uspešno ste poslali upit!' (the server's message).
import { ApiError } from '@shop/shared'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { revealFirstError } from '../forms/revealErrors'
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
  // The fields the notice is about (empty ones, or the e-mail of a bad pattern).
  const [invalid, setInvalid] = useState<{ email: boolean; price: boolean }>({ email: false, price: false })
  const [failed, setFailed] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (failed > 0) revealFirstError(formRef.current, t('form.errorsAnnounced', { count: 1 }))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed])
  return (
    <form
      ref={formRef}
      className="voice-form"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault()
        const problem = offerProblem(email, price)
        if (problem) {
          const badEmail = email.trim() === '' || problem !== 'voice.offer.empty'
          setInvalid({ email: badEmail, price: problem === 'voice.offer.empty' && price.trim() === '' })
          setNotice({ kind: 'error', text: t(problem) })
          setFailed((n) => n + 1)
          return
        }
        setInvalid({ email: false, price: false })
        try {
          const msg = await offer.mutateAsync({ product_sku: productSku, email: email.trim(), price: price.trim().replace(',', '.'), website })
          setNotice({ kind: 'success', text: msg || t('voice.offer.sent') })
          setEmail('')
          setPrice('')
        } catch (err) {
          setNotice({ kind: 'error', text: err instanceof ApiError && err.status < 500 ? err.message : t('form.serverError') })
          setFailed((n) => n + 1)
        }
      }}
    >
      {/* h2: it follows the product's h1 (heading order); sized as before. */}
      <h2 className="voice-form__title">{t('voice.offer.title')}</h2>
      {notice && <FormAlert kind={notice.kind}>{notice.text}</FormAlert>}
      <TextField label={t('voice.offer.email')} name="email" type="email" autoComplete="email" value={email} invalid={invalid.email} onChange={(e) => setEmail(e.target.value)} />
      <TextField label={t('voice.offer.price')} name="price" value={price} invalid={invalid.price} onChange={(e) => setPrice(e.target.value)} />
      <Honeypot value={website} onChange={(e) => setWebsite(e.target.value)} />
      <button type="submit" className="btn btn--primary" disabled={offer.isPending}>
        {offer.isPending ? t('form.sending') : t('voice.offer.submit')}
      </button>
    </form>
  )
}
