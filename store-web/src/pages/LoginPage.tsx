// Login (guest only): e-mail and password; a wrong login comes back as a 422 on the e-mail.
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { TextField } from '../forms/TextField'
import { useForm } from '../forms/useForm'
import { rules } from '../forms/validation'
import { useLogin } from '../hooks/api/session'
import { paths } from '../routes/paths'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import { AuthCard, FormAlert } from './AuthCard'
import { SocialAlerts, SocialButtons, useSocialReturn } from './SocialSignIn'

export function LoginPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.login.title'))
  const location = useLocation()
  const notice = (location.state as { notice?: string } | null)?.notice
  const login = useLogin()
  const form = useForm({ email: rules.email, password: rules.loginPassword }, { email: '', password: '' })
  const social = useSocialReturn()

  return (
    <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      {notice && <FormAlert kind="success">{notice}</FormAlert>}
      <SocialAlerts {...social} />
      {form.formError && <FormAlert kind="error">{form.formError}</FormAlert>}
      <form noValidate onSubmit={form.onSubmit((v) => login.mutateAsync(v))}>
        <TextField label={t('form.fields.email')} type="email" autoComplete="email" {...form.field('email')} />
        <TextField
          label={t('form.fields.password')}
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        <p className="form-aside">
          <Link to={paths.forgotPassword}>{t('auth.login.forgot')}</Link>
        </p>
        <button type="submit" className="btn btn--primary btn--block" disabled={login.isPending}>
          {login.isPending ? t('form.sending') : t('auth.login.submit')}
        </button>
      </form>
      <SocialButtons mode="login" />
      <p className="auth-card__alt">
        {t('auth.login.noAccount')}{' '}
        <Link to={paths.register} state={location.state}>
          {t('auth.login.registerLink')}
        </Link>
      </p>
    </AuthCard>
  )
}
