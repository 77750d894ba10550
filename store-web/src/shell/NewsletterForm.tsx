// Newsletter sign-up in the footer. The subscribe endpoint arrives with the newsletter issue:
// until then a valid address is acknowledged with a note and the field clears; nothing is sent.
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { rules, validate } from '../forms/validation'

export function NewsletterForm() {
  const { t } = useTranslation()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [note, setNote] = useState<string | null>(null)

  function submit(e: FormEvent) {
    e.preventDefault()
    if (email.trim() === '') return
    const problem = validate({ email: rules.email }, { email }).email
    if (problem) {
      setError(t(problem.key, problem.params))
      setNote(null)
      return
    }
    setError(null)
    setEmail('')
    setNote(t('footer.newsletterPending'))
  }

  return (
    <form className="newsletter" onSubmit={submit} noValidate data-testid="newsletter-form">
      <label htmlFor="newsletter-email" className="visually-hidden">
        {t('footer.newsletterLabel')}
      </label>
      <div className="newsletter__row">
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          placeholder={t('footer.newsletterPlaceholder')}
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-error' : undefined}
          onChange={(e) => {
            setEmail(e.target.value)
            setError(null)
          }}
        />
        <button type="submit" className="btn btn--accent">
          {t('footer.newsletterSubmit')}
        </button>
      </div>
      {error && (
        <p className="newsletter__error" id="newsletter-error">
          {error}
        </p>
      )}
      {note && (
        <p className="newsletter__note" role="status">
          {note}
        </p>
      )}
    </form>
  )
}
