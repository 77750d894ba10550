// The product page's rating modal: 1-5 stars and a comment; a guest also gives a name and an
// e-mail (the spec: customers, guests or logged in, rate products). The server's message is
// shown and the modal closes.
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '../forms/TextField'
import { useForm } from '../forms/useForm'
import { useRateProduct } from '../hooks/api/voice'
import { FormAlert } from '../pages/AuthCard'
import { useIsLoggedIn } from '../session/loginState'
import { Honeypot } from './Honeypot'
import { COMMENT_MAX, guestRatingRules, ratingRules } from './rules'

const empty = { rating: '', comment: '', name: '', email: '', website: '' }

interface Props {
  productSlug: string
  open: boolean
  onClose: (message?: string) => void
}

export function RatingModal({ productSlug, open, onClose }: Props) {
  const { t } = useTranslation()
  const loggedIn = useIsLoggedIn()
  const rate = useRateProduct(productSlug)
  const form = useForm(loggedIn ? ratingRules : guestRatingRules, empty)
  const [done, setDone] = useState<string | null>(null)
  const titleId = useId()
  const commentId = useId()
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open, onClose])
  if (!open) return null
  const err = (name: 'rating' | 'comment') => {
    const e = form.errors[name]
    return e === undefined ? null : typeof e === 'string' ? e : t(e.key, e.params)
  }
  return (
    <div className="modal-backdrop" onClick={() => onClose()}>
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} onClick={(e) => e.stopPropagation()}>
        <h2 id={titleId}>{t('voice.rating.title')}</h2>
        <form
            noValidate
            onSubmit={form.onSubmit(async (v) => {
              const guest = loggedIn ? {} : { name: v.name.trim(), email: v.email.trim() }
              const msg = await rate.mutateAsync({ rating: Number(v.rating), comment: v.comment.trim(), ...guest, website: v.website })
              setDone(msg)
              form.setValues(empty)
              onClose(msg)
            })}
          >
            {done && <FormAlert kind="success">{done}</FormAlert>}
            {form.formError && <FormAlert kind="error">{form.formError}</FormAlert>}
            <fieldset className={err('rating') ? 'field field--invalid' : 'field'}>
              <legend>{t('voice.rating.stars')}</legend>
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className="rating-star">
                  <input
                    type="radio"
                    name="rating"
                    value={n}
                    checked={form.values.rating === String(n)}
                    aria-invalid={err('rating') ? true : undefined}
                    aria-describedby={err('rating') ? `${commentId}-rating-error` : undefined}
                    onChange={() => form.setValues((v) => ({ ...v, rating: String(n) }))}
                  />
                  {t('voice.rating.star', { n })}
                </label>
              ))}
              {err('rating') && (
                <p className="field__error" id={`${commentId}-rating-error`} data-field-error="rating">
                  {err('rating')}
                </p>
              )}
            </fieldset>
            <div className={err('comment') ? 'field field--invalid' : 'field'}>
              <label htmlFor={commentId}>{t('voice.rating.comment')}</label>
              <textarea
                id={commentId}
                name="comment"
                rows={4}
                maxLength={COMMENT_MAX}
                value={form.values.comment}
                aria-invalid={err('comment') ? true : undefined}
                aria-describedby={err('comment') ? `${commentId}-error` : undefined}
                onChange={(e) => {
                  const value = e.target.value
                  form.setValues((v) => ({ ...v, comment: value }))
                }}
              />
              {err('comment') && (
                <p className="field__error" id={`${commentId}-error`} data-field-error="comment">
                  {err('comment')}
                </p>
              )}
            </div>
            {!loggedIn && (
              <>
                <TextField label={t('voice.rating.name')} autoComplete="name" {...form.field('name')} />
                <TextField label={t('voice.rating.email')} type="email" autoComplete="email" {...form.field('email')} />
              </>
            )}
            <Honeypot {...form.field('website')} />
            <div className="modal__actions">
              <button type="button" className="btn" onClick={() => onClose()}>
                {t('voice.rating.cancel')}
              </button>
              <button type="submit" className="btn btn--primary" disabled={rate.isPending}>
                {rate.isPending ? t('form.sending') : t('voice.rating.submit')}
              </button>
            </div>
          </form>
      </div>
    </div>
  )
}
