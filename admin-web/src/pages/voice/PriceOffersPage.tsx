// Price offers (view-order): the shared list with the product, e-mail, asked price, current
// price and status, filtered by status (kept in the URL); the status is changed in the row.
import { Segmented, Select, type TableProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { ListPage } from '../../components/ListPage'
import { useListParams } from '../../components/useListParams'
import { formatDateTime, formatMoney } from '../../format'
import { type OfferStatus, type PriceOffer, usePriceOffers, useSetOfferStatus } from '../../hooks/api/voice'
import { useStatus } from './RatingsPage'

const OFFER_STATUSES: OfferStatus[] = ['all', 'pending', 'answered', 'declined']

export function PriceOffersPage() {
  const { t } = useTranslation()
  const l = (k: string, o?: Record<string, unknown>) => t(`voice.priceOffers.${k}`, o ?? {})
  const [params] = useListParams()
  const [status, setStatus] = useStatus(OFFER_STATUSES, 'all')
  const list = usePriceOffers({ page: params.page, paginate: params.paginate, status })
  const change = useSetOfferStatus()

  const columns: TableProps<PriceOffer>['columns'] = [
    { key: 'id', title: 'ID', width: 70, render: (_, o) => o.id },
    { key: 'sku', title: l('sku'), render: (_, o) => o.product?.sku },
    { key: 'product', title: l('product'), render: (_, o) => o.product?.name },
    { key: 'email', title: l('email'), render: (_, o) => o.email },
    { key: 'price', title: l('price'), render: (_, o) => formatMoney(o.price) },
    { key: 'current', title: l('currentPrice'), render: (_, o) => formatMoney(o.current_price) },
    { key: 'created', title: l('createdAt'), render: (_, o) => formatDateTime(o.created_at) },
    {
      key: 'status',
      title: l('status'),
      width: 170,
      render: (_, o) => (
        <Select
          size="small"
          style={{ width: 150 }}
          aria-label={`${l('status')} ${o.id}`}
          value={o.status}
          onChange={(s) => change.mutate({ id: o.id!, status: s as 'pending' | 'answered' | 'declined' })}
          options={(['pending', 'answered', 'declined'] as const).map((s) => ({ value: s, label: l(`filter.${s}`) }))}
        />
      ),
    },
  ]

  return (
    <ListPage<PriceOffer>
      title={l('title')}
      searchable={false}
      toolbar={
        <Segmented<OfferStatus> value={status} onChange={setStatus} options={OFFER_STATUSES.map((s) => ({ value: s, label: l(`filter.${s}`) }))} />
      }
      rowKey="id"
      columns={columns}
      rows={list.data?.data}
      meta={list.data?.meta}
      loading={list.isFetching}
    />
  )
}
