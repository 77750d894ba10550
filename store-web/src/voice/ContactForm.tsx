// The contact page's form (the footer's "Kontakt forma" opens it): name, e-mail and message,
// checked on submit with the question form's rules; the server keeps the message for staff and
// mails it to the shop. The server's message is shown and the form resets.
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '../forms/TextField'
import { useForm } from '../forms/useForm'
import { useContact } from '../hooks/api/voice'
import { FormAlert } from '../pages/AuthCard'
import { Honeypot } from './Honeypot'
import { MESSAGE_MAX, contactRules } from './rules'

const empty = { name: '', email: '', message: '', website: '' }

/** the form's anchor: the footer links to /kontakt#kontakt-forma */
export const CONTACT_FORM_ID = 'kontakt-forma'

export function ContactForm() {
  const { t } = useTranslation()
  const send = useContact()
  const form = useForm(contactRules, empty)
  const [done, setDone] = useState<string | null>(null)
  const id = useId()
  const titleId = useId()
  const mErr = form.errors.message
  const mMessage = mErr === undefined ? null : typeof mErr === 'string' ? mErr : t(mErr.key, mErr.params)
  return (
    <section className="contact-form" id={CONTACT_FORM_ID} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('voice.contact.title')}</h2>
      <form
        className="voice-form"
        noValidate
        onSubmit={form.onSubmit(async (v) => {
          setDone(null)
          const msg = await send.mutateAsync({ name: v.name.trim(), email: v.email.trim(), message: v.message.trim(), website: v.website })
          setDone(msg)
          form.setValues(empty)
        })}
      >
        {done && <FormAlert kind="success">{done}</FormAlert>}
        {form.formError && <FormAlert kind="error">{form.formError}</FormAlert>}
        <TextField label={t('voice.contact.name')} autoComplete="name" {...form.field('name')} />
        <TextField label={t('voice.contact.email')} type="email" autoComplete="email" {...form.field('email')} />
        <div className={mMessage ? 'field field--invalid' : 'field'}>
          <label htmlFor={id}>{t('voice.contact.message')}</label>
          <textarea
            id={id}
            name="message"
            rows={6}
            maxLength={MESSAGE_MAX + 100}
            value={form.values.message}
            onChange={(e) => {
              const value = e.target.value
              form.setValues((v) => ({ ...v, message: value }))
            }}
            aria-invalid={mMessage ? true : undefined}
            aria-describedby={mMessage ? `${id}-error` : undefined}
          />
          {mMessage && (
            <p className="field__error" id={`${id}-error`} data-field-error="message">
              {mMessage}
            </p>
          )}
        </div>
        <Honeypot {...form.field('website')} />
        <button type="submit" className="btn btn--primary" disabled={send.isPending}>
          {send.isPending ? t('form.sending') : t('voice.contact.submit')}
        </button>
      </form>
    </section>
  )
}
