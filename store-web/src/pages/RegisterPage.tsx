// Registration (guest only): a customer account; the answer logs the new customer in.
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { showNotice } from '../cart/notice'
import { TextField } from '../forms/TextField'
import { useForm } from '../forms/useForm'
import { rules } from '../forms/validation'
import { useRegister } from '../hooks/api/session'
import { paths } from '../routes/paths'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import { AuthCard, FormAlert } from './AuthCard'
import { SocialButtons } from './SocialSignIn'

export function RegisterPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.register.title'))
  const location = useLocation()
  const register = useRegister()
  const form = useForm(
    {
      name: rules.name,
      email: rules.email,
      password: rules.password,
      password_confirmation: rules.passwordConfirmation,
    },
    { name: '', email: '', password: '', password_confirmation: '' },
  )

  return (
    <AuthCard title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      {form.formError && <FormAlert kind="error">{form.formError}</FormAlert>}
      <form noValidate onSubmit={form.onSubmit(async (v) => {
          await register.mutateAsync(v)
          // The guard sends the new customer home: the notice travels along and says why.
          showNotice('success', t('auth.register.done', { name: v.name.trim() }), { travels: true })
        })}>
        <TextField label={t('form.fields.name')} autoComplete="name" {...form.field('name')} />
        <TextField label={t('form.fields.email')} type="email" autoComplete="email" {...form.field('email')} />
        <TextField
          label={t('form.fields.password')}
          type="password"
          autoComplete="new-password"
          {...form.field('password')}
        />
        <TextField
          label={t('form.fields.passwordConfirmation')}
          type="password"
          autoComplete="new-password"
          {...form.field('password_confirmation')}
        />
        <button type="submit" className="btn btn--primary btn--block" disabled={register.isPending}>
          {register.isPending ? t('form.sending') : t('auth.register.submit')}
        </button>
      </form>
      <SocialButtons mode="register" />
      <p className="auth-card__alt">
        {t('auth.register.haveAccount')}{' '}
        <Link to={paths.login} state={location.state}>
          {t('auth.register.loginLink')}
        </Link>
      </p>
    </AuthCard>
  )
}
