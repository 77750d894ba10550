// Sign-in with Google and Facebook on the login and registration pages: a button per offered
// provider (a plain link: the server redirects to the provider and back), the refusal the
// server's callback reports (?social_error=code), and the hand-over after a successful return
// (?social=provider&next=path), which starts the session as a password login does.
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { socialStartURL, useSocialProviders, useSocialSession } from '../hooks/api/session'
import { paths } from '../routes/paths'
import { returnPath } from '../routes/guards'
import { FormAlert } from './AuthCard'
import './social.css'

/** The refusal codes the server's callback sends; anything else reads as a server error. */
const refusalCodes = ['state', 'denied', 'provider', 'token', 'email', 'staff', 'deactivated', 'limit', 'server'] as const

const providerMarks: Record<string, string> = { google: 'G', facebook: 'f' }

/** SocialButtons: one button per provider the shop offers; nothing when it offers none. */
export function SocialButtons({ mode }: { mode: 'login' | 'register' }) {
  const { t } = useTranslation()
  const location = useLocation()
  const { data: providers = [] } = useSocialProviders()
  const known = providers.filter((p) => p === 'google' || p === 'facebook')
  if (known.length === 0) return null
  // Back where the login was asked for (RequireLogin's state), else home.
  const back = returnPath(location.state)
  return (
    <div className="social-signin">
      <p className="social-signin__or">{t('social.or')}</p>
      {known.map((p) => (
        <a key={p} className={`btn btn--block btn--social btn--${p}`} href={socialStartURL(p, back)}>
          <span className="social-signin__mark" aria-hidden="true">
            {providerMarks[p]}
          </span>
          {t(`social.${mode}.${p}`)}
        </a>
      ))}
    </div>
  )
}

/**
 * useSocialReturn handles the login page's social parameters: it names the refusal to show,
 * and after a successful return it finishes the sign-in once. The address is replaced by the
 * plain login page whose state names the return path, so the guest-only guard sends the new
 * session there (and a reload does not try the one-time hand-over again).
 */
export function useSocialReturn(): { finishing: boolean; error: string | null } {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const handOver = useSocialSession()
  const started = useRef(false)
  const provider = params.get('social')
  const next = params.get('next') ?? paths.home
  const { mutate } = handOver

  useEffect(() => {
    // Once: the hand-over cookie is single-use (React's development double effects included).
    if (!provider || started.current) return
    started.current = true
    navigate(paths.login, { replace: true, state: { from: next } })
    mutate()
  }, [provider, next, navigate, mutate])

  const code = params.get('social_error')
  let error: string | null = null
  if (handOver.isError) error = t('social.errors.session')
  else if (code) error = t(`social.errors.${(refusalCodes as readonly string[]).includes(code) ? code : 'server'}`)
  return { finishing: handOver.isPending || (Boolean(provider) && !started.current), error }
}

/** SocialAlerts shows the refusal, or that the sign-in is being finished. */
export function SocialAlerts({ finishing, error }: { finishing: boolean; error: string | null }) {
  const { t } = useTranslation()
  if (error) return <FormAlert kind="error">{error}</FormAlert>
  if (finishing) return <FormAlert kind="success">{t('social.finishing')}</FormAlert>
  return null
}
