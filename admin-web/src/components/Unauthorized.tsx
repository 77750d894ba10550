// A screen the user may not open (its permission is missing): a Serbian heading like the rest
// of the admin (the specification's 'Unauthorized' stays the toast's text), at the address the
// user typed, with a way home. Sending the user home without a word left them wondering
// whether the link was wrong.
import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { usePageTitle } from './usePageTitle'

export function Unauthorized() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  usePageTitle(t('errors.unauthorizedTitle'))
  return (
    <Result
      status="403"
      title={t('errors.unauthorizedTitle')}
      subTitle={t('errors.unauthorizedText')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('errors.toHome')}
        </Button>
      }
    />
  )
}
