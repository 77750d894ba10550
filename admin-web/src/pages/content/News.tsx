// News: the list (any staff; newest first), add (create-post) and edit (update-post) with the
// title, the rich-text body and an image, and delete after Da/Ne.
import { PlusOutlined } from '@ant-design/icons'
import { Button, Checkbox, Form, Input, type TableProps } from 'antd'
import { Perm } from '@shop/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ListPage } from '../../components/ListPage'
import { RowActions } from '../../components/RowActions'
import { NotFound } from '../../components/NotFound'
import { RichTextEditor } from '../../components/RichTextEditor'
import { useListParams } from '../../components/useListParams'
import { formatDateTime } from '../../format'
import { type AdminNews, type NewsValues, useDeleteNews, useNewsItem, useNewsList, useSaveNews } from '../../hooks/api/content'
import { RuleFormShell } from '../pricing-rules/RuleFormShell'
import { ImageField, imageTooLarge } from './ImageField'
import { isNotFound, useCan } from './util'

export const NEWS_PATH = '/vesti'

export function NewsList() {
  const { t } = useTranslation()
  const [params] = useListParams()
  const list = useNewsList({ page: params.page, paginate: params.paginate, search: params.search })
  const remove = useDeleteNews()
  const can = useCan()
  const [deleting, setDeleting] = useState<AdminNews | null>(null)
  const l = (k: string, o?: Record<string, unknown>) => t(`content.news.${k}`, o ?? {})
  const columns: TableProps<AdminNews>['columns'] = [
    { key: 'id', dataIndex: 'id', title: 'ID', width: 70 },
    { key: 'title', dataIndex: 'title', title: l('titleField') },
    { key: 'published_at', dataIndex: 'published_at', title: l('published'), width: 180, render: (v: string) => formatDateTime(v) },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 110,
      render: (_, n) =>
        can(Perm.UpdatePost) ? <RowActions editTo={`${NEWS_PATH}/${n.id}`} deleteLabel={l('delete')} onDelete={() => setDeleting(n)} /> : null,
    },
  ]
  return (
    <>
      <ListPage<AdminNews>
        title={l('title')}
        extra={
          can(Perm.CreatePost) && (
            <Link to={`${NEWS_PATH}/dodaj`}>
              <Button type="primary" icon={<PlusOutlined />}>
                {l('add')}
              </Button>
            </Link>
          )
        }
        rowKey="id"
        columns={columns}
        rows={list.data?.data}
        meta={list.data?.meta}
        loading={list.isFetching}
      />
      <ConfirmDialog
        open={deleting !== null}
        danger
        busy={remove.isPending}
        title={l('deleteTitle')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id!, { onSettled: () => setDeleting(null) })}
      >
        {l('deleteText', { name: deleting?.title ?? '' })}
      </ConfirmDialog>
    </>
  )
}

function NewsForm({ news }: { news?: AdminNews }) {
  const { t } = useTranslation()
  const save = useSaveNews()
  const navigate = useNavigate()
  const l = (k: string) => t(`content.news.${k}`)
  const required = { required: true, message: t('content.required') }
  const initial: NewsValues = { title: news?.title ?? '', body: news?.body ?? '', image: null, remove_image: false }
  return (
    <RuleFormShell<NewsValues>
      title={news ? t('screens.newsItem') : t('screens.newsAdd')}
      initial={initial}
      listPath={NEWS_PATH}
      busy={save.isPending}
      onSubmit={async (values) => {
        await save.mutateAsync({ id: news?.id, values })
        navigate(NEWS_PATH)
      }}
    >
      <Form.Item name="title" label={l('titleField')} rules={[{ ...required, whitespace: true }, { max: 255, message: t('content.max255') }]}>
        <Input />
      </Form.Item>
      <Form.Item name="body" label={l('body')} rules={[required]}>
        <RichTextEditor withImage aria-label={l('body')} />
      </Form.Item>
      <Form.Item
        name="image"
        label={l('image')}
        rules={[{ validator: (_, f: File | null) => (imageTooLarge(f) ? Promise.reject(new Error(t('content.imageTooLarge'))) : Promise.resolve()) }]}
      >
        <ImageField current={news?.image_url} aria-label={l('image')} />
      </Form.Item>
      {news?.image_url && (
        <Form.Item name="remove_image" valuePropName="checked">
          <Checkbox>{l('removeImage')}</Checkbox>
        </Form.Item>
      )}
    </RuleFormShell>
  )
}

export function NewsCreatePage() {
  return <NewsForm />
}

export function NewsEditPage() {
  const { newsId } = useParams()
  const news = useNewsItem(Number(newsId))
  if (news.isError && isNotFound(news.error)) return <NotFound />
  if (!news.data) return null
  return <NewsForm news={news.data} />
}
