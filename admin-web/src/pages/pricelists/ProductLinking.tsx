// Product linking (connect-product): a supplier's price-list products, or those placed in a
// shop category, unconnected or connected (Sku, Naziv, Kategorija, Cena, Preporučena cena and
// the shop product). Until a supplier or a category is chosen the list says 'Prvo izaberite
// dobavljača ili kategoriju' (the server answers a list without either the same). An unconnected
// row is connected to a shop product found by name or SKU; a connected one is separated after a
// Da/Ne confirmation. Each change refreshes the suppliers' counts. Choices live in the URL.
import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons'
import { Alert, Button, Form, Modal, Segmented, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import type { ProductRow } from '../../api/catalogTypes'
import { ListPage } from '../../components/ListPage'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { SearchableSelect } from '../../components/SearchableSelect'
import { useListParams } from '../../components/useListParams'
import {
  chosen,
  productPickerSearch,
  useConnectProduct,
  usePricelistProducts,
  useSeparateProduct,
  type PricelistProduct,
  type PricelistProductQuery,
} from '../../hooks/api/pricelistLinks'
import { toast } from '../../notify'
import { href, screens } from '../../screens'
import { Money } from './display'
import { CategoryPicker, SupplierSelect, useUrlIds } from './pickers'
import { refusal } from './refusal'

/** the URL value of the connected tab (anything else: unconnected) */
export const CONNECTED = '1'

export function ProductLinking() {
  const { t } = useTranslation()
  const [params] = useListParams()
  const [ids, setIds] = useUrlIds('supplier_id', 'category_id')
  const [q, setQ] = useSearchParams()
  const connected = q.get('connected') === CONNECTED
  const query: PricelistProductQuery = {
    supplier_id: ids.supplier_id,
    category_id: ids.category_id,
    connected: connected ? 1 : 0,
    search: params.search || undefined,
    page: params.page,
    paginate: params.paginate,
  }
  const list = usePricelistProducts(query)
  const [connecting, setConnecting] = useState<PricelistProduct | null>(null)
  const [separating, setSeparating] = useState<PricelistProduct | null>(null)
  const separate = useSeparateProduct()
  const l = (k: string, o?: Record<string, unknown>) => t(`pricelists.productLinking.${k}`, o ?? {})

  const setTab = (v: string) =>
    setQ(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (v === 'connected') next.set('connected', CONNECTED)
        else next.delete('connected')
        next.delete('page')
        return next
      },
      { replace: true },
    )

  const ready = chosen(query)
  const refused = ready ? refusal(list.error) : null
  const notice = !ready ? (
    <Alert type="info" showIcon message={t('pricelists.common.selectSupplierOrCategory')} />
  ) : refused ? (
    <Alert type="error" showIcon message={refused} />
  ) : undefined

  const columns: TableProps<PricelistProduct>['columns'] = [
    { key: 'sku', dataIndex: 'sku', title: l('sku'), width: 150 },
    { key: 'name', dataIndex: 'name', title: l('name') },
    { key: 'category', title: l('category'), render: (_, p) => p.category },
    ...(ids.supplier_id ? [] : [{ key: 'supplier', title: l('supplier'), render: (_: unknown, p: PricelistProduct) => p.supplier }]),
    { key: 'price', title: l('price'), align: 'right', width: 140, render: (_, p) => <Money value={p.price} /> },
    { key: 'recommended', title: l('recommendedPrice'), align: 'right', width: 160, render: (_, p) => <Money value={p.recommended_price} /> },
    ...(connected
      ? [
          {
            key: 'product',
            title: l('product'),
            render: (_: unknown, p: PricelistProduct) =>
              p.product?.id ? <Link to={href(screens.product, { productId: p.product.id })}>{`${p.product.sku} – ${p.product.name}`}</Link> : '',
          },
        ]
      : []),
    {
      key: 'actions',
      title: t('common.actions'),
      width: 130,
      render: (_, p) =>
        p.product ? (
          <Button size="small" danger icon={<DisconnectOutlined />} onClick={() => setSeparating(p)}>
            {l('separate')}
          </Button>
        ) : (
          <Button size="small" type="primary" icon={<LinkOutlined />} onClick={() => setConnecting(p)}>
            {l('connect')}
          </Button>
        ),
    },
  ]

  return (
    <>
      <ListPage<PricelistProduct>
        title={t('nav.productLinking')}
        toolbar={
          <>
            <SupplierSelect value={ids.supplier_id} onChange={(v) => setIds({ supplier_id: v })} />
            <CategoryPicker value={ids.category_id} onChange={(v) => setIds({ category_id: v })} style={{ width: 260 }} />
            <Segmented
              value={connected ? 'connected' : 'unconnected'}
              onChange={(v) => setTab(String(v))}
              options={[
                { value: 'unconnected', label: l('unconnected') },
                { value: 'connected', label: l('connected') },
              ]}
            />
          </>
        }
        chips={notice}
        rowKey="id"
        columns={columns}
        rows={ready && !refused ? list.data?.data : []}
        meta={ready && !refused ? list.data?.meta : undefined}
        loading={ready && list.isFetching}
      />
      <ConnectDialog row={connecting} onClose={() => setConnecting(null)} />
      <ConfirmDialog
        open={separating !== null}
        danger
        busy={separate.isPending}
        title={l('separateTitle')}
        onCancel={() => setSeparating(null)}
        onConfirm={() =>
          separating &&
          separate.mutate(separating.id, {
            onSuccess: (res) => {
              if (!res.message) toast({ type: 'success', message: l('separatedOk') })
            },
            onSettled: () => setSeparating(null),
          })
        }
      >
        {l('separateText', { name: separating?.name ?? '', product: separating?.product?.name ?? '' })}
      </ConfirmDialog>
    </>
  )
}

const productOption = (p: ProductRow) => ({ value: p.id, label: `${p.sku} – ${p.name}` })

/** ConnectDialog: pick a shop product (not connected to another supplier product) for the row. */
function ConnectDialog({ row, onClose }: { row: PricelistProduct | null; onClose: () => void }) {
  const { t } = useTranslation()
  const connect = useConnectProduct()
  const [productId, setProductId] = useState<number | undefined>()
  const [error, setError] = useState<string | null>(null)
  const l = (k: string, o?: Record<string, unknown>) => t(`pricelists.productLinking.${k}`, o ?? {})

  const close = () => {
    setProductId(undefined)
    setError(null)
    onClose()
  }

  const submit = () => {
    if (!row) return
    if (!productId) {
      setError(t('pricelists.common.selectValueFirst'))
      return
    }
    connect.mutate(
      { id: row.id, productId },
      {
        onSuccess: (res) => {
          if (!res.message) toast({ type: 'success', message: l('connectedOk') })
          close()
        },
        onError: (err) => setError(refusal(err)),
      },
    )
  }

  return (
    <Modal
      open={row !== null}
      title={l('connectTitle', { name: row ? `${row.sku} – ${row.name}` : '' })}
      okText={l('connect')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: connect.isPending }}
      onOk={submit}
      onCancel={close}
      // the dialog takes the focus when it opens: hand it to the picker then
      afterOpenChange={(open) => open && document.getElementById('connect-product')?.focus()}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Form.Item label={l('product')} htmlFor="connect-product" validateStatus={error ? 'error' : undefined} help={error}>
          <SearchableSelect<ProductRow>
            id="connect-product"
            aria-label={l('product')}
            source={productPickerSearch}
            toOption={productOption}
            value={productId}
            onChange={(v) => {
              setProductId(v)
              setError(null)
            }}
            placeholder={l('productHint')}
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
