// Forgotten password (guest only): asks the server to mail a link to /nova-lozinka.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { TextField } from '../forms/TextField'
import { useForm } from '../forms/useForm'
import { rules } from '../forms/validation'
import { useForgotPassword } from '../hooks/api/session'
import { paths } from '../routes/paths'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import { AuthCard, FormAlert } from './AuthCard'

export function ForgotPasswordPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.forgot.title'))
  const forgot = useForgotPassword()
  const [sent, setSent] = useState<string | null>(null)
  const form = useForm({ email: rules.email }, { email: '' })

  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.text')}>
      {sent && <FormAlert kind="success">{sent}</FormAlert>}
      {form.formError && <FormAlert kind="error">{form.formError}</FormAlert>}
      <form
        noValidate
        onSubmit={form.onSubmit(async (v) => {
          setSent(null)
          setSent(await forgot.mutateAsync(v))
          form.setValues({ email: '' })
        })}
      >
        <TextField label={t('form.fields.email')} type="email" autoComplete="email" {...form.field('email')} />
        <button type="submit" className="btn btn--primary btn--block" disabled={forgot.isPending}>
          {forgot.isPending ? t('form.sending') : t('auth.forgot.submit')}
        </button>
      </form>
      <p className="auth-card__alt">
        <Link to={paths.login}>{t('auth.forgot.backToLogin')}</Link>
      </p>
    </AuthCard>
  )
}
