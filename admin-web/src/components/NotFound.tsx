// Any unknown admin path: a not-found page with a go-back link.
import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { useGoBack } from './useGoBack'
import { usePageTitle } from './usePageTitle'

export function NotFound() {
  const { t } = useTranslation()
  const goBack = useGoBack()
  usePageTitle(t('errors.notFoundTitle'))
  return (
    <Result
      status="404"
      title={t('errors.notFoundTitle')}
      subTitle={t('errors.notFound')}
      extra={
        <Button type="primary" onClick={goBack}>
          {t('errors.goBack')}
        </Button>
      }
    />
  )
}
