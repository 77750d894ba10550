// A supplier's price-list products (catalogue spec 2, 'Naši dobavljači'): the supplier id is the
// path segment; ?type=povezani shows the connected ones, anything else the unconnected ones.
// Columns Sku, Naziv, Kategorija, Cena, Preporučena cena; no search, no pagination. A connected
// row can be separated from its product after a Da/Ne confirmation; the list then reloads.
import { ArrowLeftOutlined, DisconnectOutlined } from '@ant-design/icons'
import { Button, Flex, Segmented, Table, Typography, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import type { SupplierProduct } from '../../api/catalogTypes'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { NotFound } from '../../components/NotFound'
import { usePageTitle } from '../../components/usePageTitle'
import { useDisconnect, useSupplierProducts } from '../../hooks/api/supplierProducts'
import { useSuppliersLookup } from '../../hooks/api/suppliers'
import { href, screens } from '../../screens'
import { rsd } from '../product-detail/display'
import { CONNECTED, supplierProductsHref } from './SupplierList'
import { ScrollX } from '../../components/ScrollX'

/** isConnectedType: only 'povezani' means connected (catalogue spec 2) */
export const isConnectedType = (type: string | null) => type === CONNECTED


/** from this many rows on the table renders only what is in view */
const VIRTUAL_FROM = 200

export function SupplierProducts() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { supplierId } = useParams()
  const [query] = useSearchParams()
  const id = Number(supplierId)
  const connected = isConnectedType(query.get('type'))
  const valid = Number.isInteger(id) && id > 0
  const rows = useSupplierProducts(valid ? id : 0, connected)
  const suppliers = useSuppliersLookup()
  const disconnect = useDisconnect()
  const [separating, setSeparating] = useState<SupplierProduct | null>(null)
  const l = (k: string, o?: Record<string, unknown>) => t(`catalogAdmin.supplier.${k}`, o ?? {})
  const name = suppliers.data?.find((s) => s.id === id)?.name
  const title = name ? l('productsTitle', { name }) : l(connected ? 'productsTitleConnected' : 'productsTitleUnconnected')
  usePageTitle(title)
  if (!valid) return <NotFound />

  const columns: TableProps<SupplierProduct>['columns'] = [
    { key: 'sku', dataIndex: 'sku', title: l('sku'), width: 160 },
    {
      key: 'name',
      title: l('productName'),
      render: (_, p) => (p.product?.id ? <Link to={href(screens.product, { productId: p.product.id })}>{p.name}</Link> : p.name),
    },
    { key: 'category', title: l('category'), render: (_, p) => p.category },
    { key: 'price', title: l('price'), align: 'right', width: 150, render: (_, p) => rsd(p.price) },
    { key: 'recommended', title: l('recommendedPrice'), align: 'right', width: 170, render: (_, p) => rsd(p.recommended_price) },
    ...(connected
      ? [
          {
            key: 'actions',
            title: t('common.actions'),
            width: 130,
            render: (_: unknown, p: SupplierProduct) => (
              <Button size="small" icon={<DisconnectOutlined />} onClick={() => setSeparating(p)}>
                {l('disconnect')}
              </Button>
            ),
          },
        ]
      : []),
  ]

  const data = rows.data ?? []
  const virtual = data.length >= VIRTUAL_FROM
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(screens.suppliers.path)}>
          {l('back')}
        </Button>
      </Flex>
      <Flex justify="space-between" align="center">
        <Segmented
          value={connected ? 'connected' : 'unconnected'}
          onChange={(v) => navigate(supplierProductsHref(id, v === 'connected'), { replace: true })}
          options={[
            { value: 'connected', label: l('showConnected') },
            { value: 'unconnected', label: l('showUnconnected') },
          ]}
        />
        <Typography.Text data-testid="list-total">{t('list.total', { count: data.length })}</Typography.Text>
      </Flex>
      {/* wider than a phone: the table scrolls sideways in ScrollX, which the keyboard reaches;
          a scroll of the table's own (scroll.x) would be a second box that it does not */}
      <ScrollX>
        <Table<SupplierProduct>
          rowKey="id"
          columns={columns}
          dataSource={data}
          loading={rows.isFetching}
          pagination={false}
          virtual={virtual}
          scroll={virtual ? { x: 1100, y: 640 } : undefined}
          locale={{ emptyText: t('common.noData') }}
        />
      </ScrollX>
      <ConfirmDialog
        open={separating !== null}
        danger
        busy={disconnect.isPending}
        title={l('disconnectTitle')}
        onCancel={() => setSeparating(null)}
        onConfirm={() => separating && disconnect.mutate(separating.id, { onSettled: () => setSeparating(null) })}
      >
        {l('disconnectText', { name: separating?.name ?? '' })}
      </ConfirmDialog>
    </Flex>
  )
}
