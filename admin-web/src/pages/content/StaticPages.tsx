// The storefront's static pages (update-home-page, module Home; docs/content.md): the list of
// every page the storefront routes to, written or not, and the edit form with the title and
// rich-text body in Serbian (required) and English (optional; the storefront falls back).
import { EditOutlined } from '@ant-design/icons'
import { Card, Form, Input, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { NotFound } from '../../components/NotFound'
import { RichTextEditor } from '../../components/RichTextEditor'
import { SimpleTable } from '../../components/SimpleTable'
import { usePageTitle } from '../../components/usePageTitle'
import { formatDateTime } from '../../format'
import { type AdminPage, type AdminPageListItem, type PageValues, usePage, usePages, useSavePage } from '../../hooks/api/content'
import { RuleFormShell } from '../pricing-rules/RuleFormShell'
import { isNotFound } from './util'

export const PAGES_PATH = '/staticne-stranice'

export function StaticPageList() {
  const { t } = useTranslation()
  const list = usePages()
  const l = (k: string) => t(`content.page.${k}`)
  usePageTitle(t('nav.staticPages'))
  return (
    <Card title={<Typography.Title level={3} style={{ margin: 0 }}>{t('nav.staticPages')}</Typography.Title>}>
      <SimpleTable<AdminPageListItem>
        rowKey="slug"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        columns={[
          { key: 'title', title: l('titleSr'), render: (_, p) => p.title_sr || '—' },
          {
            key: 'slug',
            title: l('address'),
            render: (_, p) => (
              <a href={`/${p.slug}`} target="_blank" rel="noreferrer">
                /{p.slug}
              </a>
            ),
          },
          { key: 'state', title: l('state'), width: 130, render: (_, p) => (p.written ? <Tag color="green">{l('written')}</Tag> : <Tag>{l('notWritten')}</Tag>) },
          { key: 'updated', title: l('updated'), width: 170, render: (_, p) => (p.updated_at ? formatDateTime(p.updated_at) : '—') },
          {
            key: 'actions',
            title: t('common.actions'),
            width: 90,
            render: (_, p) => (
              <Link to={`${PAGES_PATH}/${p.slug}`} aria-label={t('common.edit')} title={t('common.edit')}>
                <EditOutlined />
              </Link>
            ),
          },
        ]}
      />
    </Card>
  )
}

function PageForm({ page }: { page: AdminPage }) {
  const { t } = useTranslation()
  const save = useSavePage()
  const l = (k: string) => t(`content.page.${k}`)
  const required = { required: true, message: t('content.required') }
  const initial: PageValues = { title_sr: page.title_sr, title_en: page.title_en, body_sr: page.body_sr, body_en: page.body_en }
  return (
    <RuleFormShell<PageValues>
      title={`${t('screens.staticPage')}: /${page.slug}`}
      initial={initial}
      listPath={PAGES_PATH}
      busy={save.isPending}
      onSubmit={(values) => save.mutateAsync({ slug: page.slug!, values })}
    >
      <Form.Item name="title_sr" label={l('titleSr')} rules={[{ ...required, whitespace: true }, { max: 255, message: t('content.max255') }]}>
        <Input />
      </Form.Item>
      <Form.Item name="body_sr" label={l('bodySr')} rules={[required]}>
        <RichTextEditor aria-label={l('bodySr')} />
      </Form.Item>
      <Form.Item name="title_en" label={l('titleEn')} rules={[{ max: 255, message: t('content.max255') }]}>
        <Input />
      </Form.Item>
      <Form.Item name="body_en" label={l('bodyEn')}>
        <RichTextEditor aria-label={l('bodyEn')} />
      </Form.Item>
    </RuleFormShell>
  )
}

export function StaticPageEditPage() {
  const { slug = '' } = useParams()
  const page = usePage(slug)
  if (page.isError && isNotFound(page.error)) return <NotFound />
  if (!page.data) return null
  return <PageForm page={page.data} />
}
