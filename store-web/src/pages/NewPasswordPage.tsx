// New password (guest only): the page of the mailed link /nova-lozinka?token=...&email=...
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { TextField } from '../forms/TextField'
import { useForm } from '../forms/useForm'
import { rules } from '../forms/validation'
import { useResetPassword } from '../hooks/api/session'
import { paths } from '../routes/paths'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import { AuthCard, FormAlert } from './AuthCard'

export function NewPasswordPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.reset.title'))
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const email = params.get('email') ?? ''
  const navigate = useNavigate()
  const reset = useResetPassword()
  const form = useForm(
    { password: rules.password, password_confirmation: rules.passwordConfirmation },
    { password: '', password_confirmation: '' },
  )

  if (!token || !email) {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <FormAlert kind="error">{t('auth.reset.invalidLink')}</FormAlert>
        <Link className="btn btn--primary btn--block" to={paths.forgotPassword}>
          {t('auth.reset.requestNew')}
        </Link>
      </AuthCard>
    )
  }

  return (
    <AuthCard title={t('auth.reset.title')} subtitle={t('auth.reset.text', { email })}>
      {form.formError && (
        <FormAlert kind="error">
          {form.formError} <Link to={paths.forgotPassword}>{t('auth.reset.requestNew')}</Link>
        </FormAlert>
      )}
      <form
        noValidate
        onSubmit={form.onSubmit(async (v) => {
          const message = await reset.mutateAsync({ token, email, ...v })
          navigate(paths.login, { replace: true, state: { notice: message } })
        })}
      >
        <TextField
          label={t('form.fields.newPassword')}
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
        <button type="submit" className="btn btn--primary btn--block" disabled={reset.isPending}>
          {reset.isPending ? t('form.sending') : t('auth.reset.submit')}
        </button>
      </form>
    </AuthCard>
  )
}
