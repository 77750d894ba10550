// The one page for screens whose capability is not built yet: the section's title and
// a line saying so. The route and its guard already hold.
import { Card, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { usePageTitle } from './usePageTitle'

export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation()
  const text = t(title)
  usePageTitle(text)
  return (
    <Card>
      <Typography.Title level={3}>{text}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('placeholder.text')}</Typography.Paragraph>
    </Card>
  )
}
