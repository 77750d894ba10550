// A screen the user may not open (its permission is missing): the error catalogue's 403 text
// 'Unauthorized' on the page itself, at the address the user typed, with a way home. Sending the
// user home without a word left them wondering whether the link was wrong.
import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { usePageTitle } from './usePageTitle'

export function Unauthorized() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  usePageTitle(t('errors.unauthorized'))
  return (
    <Result
      status="403"
      title={t('errors.unauthorized')}
      subTitle={t('errors.unauthorizedText')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('errors.toHome')}
        </Button>
      }
    />
  )
}
