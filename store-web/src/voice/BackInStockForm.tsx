// The out-of-stock box: 'Proizvod nije na stanju.' and an e-mail field for the notification
// (required); the server's message is shown.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '../forms/TextField'
import { useForm } from '../forms/useForm'
import { useBackInStock } from '../hooks/api/voice'
import { FormAlert } from '../pages/AuthCard'
import { Honeypot } from './Honeypot'
import { backInStockRules } from './rules'

interface Props {
  productId: number
  productSlug: string
  productUrl: string
}

export function BackInStockForm({ productId, productSlug, productUrl }: Props) {
  const { t } = useTranslation()
  const subscribe = useBackInStock(productSlug)
  const form = useForm(backInStockRules, { email: '', website: '' })
  const [done, setDone] = useState<string | null>(null)
  return (
    <form
      className="voice-form voice-form--stock"
      noValidate
      onSubmit={form.onSubmit(async (v) => {
        setDone(null)
        setDone(await subscribe.mutateAsync({ product_id: productId, product_url: productUrl, email: v.email.trim(), website: v.website }))
        form.setValues({ email: '', website: '' })
      })}
    >
      <p className="voice-form__lead">{t('voice.stock.outOfStock')}</p>
      <p>{t('voice.stock.notify')}</p>
      {done && <FormAlert kind="success">{done}</FormAlert>}
      {form.formError && <FormAlert kind="error">{form.formError}</FormAlert>}
      <TextField label={t('voice.stock.email')} type="email" autoComplete="email" {...form.field('email')} />
      <Honeypot {...form.field('website')} />
      <button type="submit" className="btn btn--primary" disabled={subscribe.isPending}>
        {subscribe.isPending ? t('form.sending') : t('voice.stock.submit')}
      </button>
    </form>
  )
}
