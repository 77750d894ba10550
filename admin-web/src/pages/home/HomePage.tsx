// The admin home: a greeting, the enabled modules and the useful links.
import { Card, Flex, List, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { isSuperAdmin } from '../../auth/access'
import { ServerPageLink } from '../../components/ServerPageLink'
import { usePageTitle } from '../../components/usePageTitle'
import { useMe, useModules } from '../../hooks/api/session'

export function HomePage() {
  const { t } = useTranslation()
  const { data: me } = useMe()
  const { data: modules } = useModules()
  usePageTitle(t('nav.home'))
  const links = [{ href: '/api/docs', label: t('home.apiDocs'), server: false }]
  if (isSuperAdmin(me)) links.push({ href: '/admin/queues', label: t('home.queues'), server: true })
  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={3}>{t('home.greeting', { name: me?.name ?? '' })}</Typography.Title>
        <Typography.Text type="secondary">{t('home.intro')}</Typography.Text>
      </div>
      <Card title={t('home.modules')}>
        {modules && modules.length > 0 ? (
          <Flex wrap gap={8} data-testid="modules">
            {modules.map((m) => (
              <Tag key={m} color="blue">
                {m}
              </Tag>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('home.noModules')}</Typography.Text>
        )}
      </Card>
      <Card title={t('home.links')}>
        <List
          dataSource={links}
          renderItem={(l) => (
            <List.Item>
              {l.server ? <ServerPageLink href={l.href}>{l.label}</ServerPageLink> : <a href={l.href}>{l.label}</a>}
            </List.Item>
          )}
        />
      </Card>
    </Flex>
  )
}
