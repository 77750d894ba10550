// Newsletter (view_newsletter-product): the subscribers (the shared list: count, status filter
// and search kept in the URL, CSV and XLSX download of what the filter selects) and the
// products chosen for the next mailing (add from a product picker, move up or down, remove).
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, DownloadOutlined } from '@ant-design/icons'
import { Button, Card, Segmented, Space, Tag, Typography, type TableProps } from 'antd'
import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { ListPage } from '../../components/ListPage'
import { SearchableSelect } from '../../components/SearchableSelect'
import { SimpleTable } from '../../components/SimpleTable'
import { useListParams } from '../../components/useListParams'
import { usePageTitle } from '../../components/usePageTitle'
import { formatDateTime } from '../../format'
import { contentProductSearch } from '../../hooks/api/content'
import {
  downloadSubscribers,
  useAddNewsletterProduct,
  useNewsletterProducts,
  useOrderNewsletterProducts,
  useRemoveNewsletterProduct,
  useSubscribers,
  type NewsletterProduct,
  type Subscriber,
  type SubscriberStatus,
} from '../../hooks/api/newsletter'
import { toast } from '../../notify'

const STATUSES: SubscriberStatus[] = ['all', 'confirmed', 'pending', 'unsubscribed']

export function NewsletterPage() {
  const { t } = useTranslation()
  usePageTitle(t('staff.newsletter.title'))
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <SubscribersList />
      <NextMailingProducts />
    </Space>
  )
}

function SubscribersList() {
  const { t } = useTranslation()
  const l = (k: string, o?: Record<string, unknown>) => t(`staff.newsletter.${k}`, o ?? {})
  const [params] = useListParams()
  const [url, setUrl] = useSearchParams()
  const raw = url.get('status') as SubscriberStatus | null
  const status: SubscriberStatus = raw && STATUSES.includes(raw) ? raw : 'all'
  const setStatus = (s: SubscriberStatus) =>
    setUrl((u) => {
      const n = new URLSearchParams(u)
      if (s === 'all') n.delete('status')
      else n.set('status', s)
      n.delete('page')
      return n
    })
  const q = { page: params.page, paginate: params.paginate, status, search: params.search || undefined }
  const list = useSubscribers(q)
  const download = (format: 'csv' | 'xlsx') =>
    downloadSubscribers(format, q).catch(() => toast({ type: 'danger', message: t('errors.server') }))

  const columns: TableProps<Subscriber>['columns'] = [
    { key: 'email', title: l('email'), render: (_, s) => s.email },
    { key: 'status', title: l('status'), width: 150, render: (_, s) => <Tag color={s.status === 'confirmed' ? 'green' : s.status === 'pending' ? 'gold' : undefined}>{l(`filter.${s.status}`)}</Tag> },
    { key: 'lang', title: l('lang'), width: 90, render: (_, s) => s.lang },
    { key: 'created', title: l('createdAt'), width: 170, render: (_, s) => formatDateTime(s.created_at) },
    { key: 'confirmed', title: l('confirmedAt'), width: 170, render: (_, s) => (s.confirmed_at ? formatDateTime(s.confirmed_at) : '') },
  ]

  return (
    <ListPage<Subscriber>
      title={l('title')}
      extra={
        <Space>
          <Button icon={<DownloadOutlined />} onClick={() => void download('csv')}>
            {l('exportCsv')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void download('xlsx')}>
            {l('exportXlsx')}
          </Button>
        </Space>
      }
      toolbar={<Segmented<SubscriberStatus> style={{ maxWidth: '100%', overflowX: 'auto' }} value={status} onChange={setStatus} options={STATUSES.map((s) => ({ value: s, label: l(`filter.${s}`) }))} />}
      chips={<Typography.Text data-testid="subscriber-count">{l('count', { count: list.data?.meta?.total ?? 0 })}</Typography.Text>}
      rowKey="id"
      columns={columns}
      rows={list.data?.data}
      meta={list.data?.meta}
      loading={list.isFetching}
    />
  )
}

function NextMailingProducts() {
  const { t } = useTranslation()
  const l = (k: string) => t(`staff.newsletter.${k}`)
  const products = useNewsletterProducts()
  const add = useAddNewsletterProduct()
  const remove = useRemoveNewsletterProduct()
  const order = useOrderNewsletterProducts()
  const rows = products.data ?? []
  const ids = rows.map((r) => r.product?.id)
  const move = (i: number, by: -1 | 1) => {
    const next = [...ids]
    ;[next[i], next[i + by]] = [next[i + by], next[i]]
    order.mutate(next)
  }
  const busy = add.isPending || remove.isPending || order.isPending

  const columns: TableProps<NewsletterProduct>['columns'] = [
    { key: 'pos', title: '#', width: 50, render: (_, _r, i) => i + 1 },
    { key: 'sku', title: l('sku'), width: 140, render: (_, r) => r.product?.sku },
    { key: 'name', title: l('product'), render: (_, r) => r.product?.name },
    { key: 'active', title: l('onSite'), width: 90, render: (_, r) => (r.active ? t('common.yes') : t('common.no')) },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 140,
      render: (_, r, i) => (
        <Space>
          <Button size="small" icon={<ArrowUpOutlined />} disabled={busy || i === 0} aria-label={`${l('moveUp')} ${r.product?.name}`} title={l('moveUp')} onClick={() => move(i, -1)} />
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            disabled={busy || i === rows.length - 1}
            aria-label={`${l('moveDown')} ${r.product?.name}`}
            title={l('moveDown')}
            onClick={() => move(i, 1)}
          />
          <Button size="small" danger icon={<DeleteOutlined />} disabled={busy} aria-label={`${l('remove')} ${r.product?.name}`} title={l('remove')} onClick={() => remove.mutate(r.product!.id!)} />
        </Space>
      ),
    },
  ]

  return (
    <Card title={l('products')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <div style={{ maxWidth: 480 }}>
          <SearchableSelect
            source={contentProductSearch}
            toOption={(p: { id: number; name: string; sku: string }) => ({ value: p.id, label: `${p.sku} – ${p.name}` })}
            placeholder={l('productSearch')}
            aria-label={l('addProduct')}
            value={undefined}
            onChange={(v) => v && add.mutate(v)}
          />
        </div>
        <SimpleTable<NewsletterProduct> rowKey={(r) => r.product?.id} columns={columns} dataSource={rows} loading={products.isFetching} emptyText={l('noProducts')} />
      </Space>
    </Card>
  )
}
