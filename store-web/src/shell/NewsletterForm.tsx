// Newsletter sign-up in the footer (spec 5: the e-mail required and of e-mail type; an empty
// submit does nothing; the field clears after submit). POST newsletter/subscribe: the server
// mails a confirm link (double opt-in) and its message shows as a notice. Failures are
// swallowed (spec 8: newsletter calls show no error message); a bad address is caught here.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { revealFirstError } from '../forms/revealErrors'
import { useTranslation } from 'react-i18next'
import { rules, validate } from '../forms/validation'
import { useNewsletterSubscribe } from '../hooks/api/newsletter'
import { Honeypot } from '../voice/Honeypot'

export function NewsletterForm() {
  const { t } = useTranslation()
  const subscribe = useNewsletterSubscribe()
  const [email, setEmail] = useState('')
  const [website, setWebsite] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const [failed, setFailed] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (failed > 0) revealFirstError(formRef.current, t('form.errorsAnnounced', { count: 1 }))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed])

  function submit(e: FormEvent) {
    e.preventDefault()
    if (email.trim() === '') return
    const problem = validate({ email: rules.email }, { email }).email
    if (problem) {
      setError(t(problem.key, problem.params))
      setNote(null)
      setFailed((n) => n + 1)
      return
    }
    setError(null)
    setNote(null)
    const sent = { email: email.trim(), website }
    setEmail('')
    subscribe.mutate(sent, {
      onSuccess: (message) => setNote(message),
      onError: (err) => console.warn('newsletter', err),
    })
  }

  return (
    <form ref={formRef} className="newsletter" onSubmit={submit} noValidate data-testid="newsletter-form">
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
        <button type="submit" className="btn btn--accent" disabled={subscribe.isPending}>
          {t('footer.newsletterSubmit')}
        </button>
      </div>
      <Honeypot value={website} onChange={(e) => setWebsite(e.target.value)} />
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
