// Import product to category (map-products-import, module ProductImport): a supplier, then
// the chosen ones of its unconnected price-list products (checkboxes, kept across pages and
// searches) and a shop category; the server starts a job making shop products of them. With
// nothing chosen: 'Prvo izaberite vrednost!'. The result comes as a notification.
import { ImportOutlined } from '@ant-design/icons'
import { Alert, Button, Flex, Form, Typography, type TableProps } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ListPage } from '../../components/ListPage'
import { useListParams } from '../../components/useListParams'
import { useImportProducts, usePricelistProducts, type PricelistProduct } from '../../hooks/api/pricelistLinks'
import { toast } from '../../notify'
import { Money } from './display'
import { CategoryPicker, SupplierSelect, useUrlIds } from './pickers'
import { refusal } from './refusal'

export function ImportProductToCategory() {
  const { t } = useTranslation()
  const [params] = useListParams()
  const [{ supplier_id }, setIds] = useUrlIds('supplier_id')
  const list = usePricelistProducts({ supplier_id, connected: 0, search: params.search || undefined, page: params.page, paginate: params.paginate })
  const start = useImportProducts()
  // chosen rows by id, with their SKU (what the server takes)
  const [chosen, setChosen] = useState<Map<number, string>>(new Map())
  const [categoryId, setCategoryId] = useState<number | undefined>()
  const [problem, setProblem] = useState<{ selection?: string; category?: string }>({})
  const l = (k: string, o?: Record<string, unknown>) => t(`pricelists.import.${k}`, o ?? {})
  const p = (k: string) => t(`pricelists.productLinking.${k}`)

  // another supplier: another set of products
  useEffect(() => {
    setChosen(new Map())
    setProblem({})
  }, [supplier_id])

  /** choose changes the chosen rows; a choice clears 'Prvo izaberite vrednost!' */
  const choose = (change: (m: Map<number, string>) => Map<number, string>) => {
    setChosen(change)
    setProblem(({ selection: _, ...rest }) => rest)
  }

  const submit = () => {
    if (!supplier_id) return
    const next: typeof problem = {}
    if (chosen.size === 0) next.selection = t('pricelists.common.selectValueFirst')
    if (!categoryId) next.category = t('pricelists.common.selectValueFirst')
    setProblem(next)
    if (next.selection || next.category || !categoryId) return
    start.mutate(
      { supplier_id, skus: [...chosen.values()], category_id: categoryId },
      {
        onSuccess: (res) => {
          if (!res.message) toast({ type: 'success', message: l('started') })
          setChosen(new Map())
        },
        onError: (err) => {
          const message = refusal(err)
          if (message) setProblem({ selection: message })
        },
      },
    )
  }

  const columns: TableProps<PricelistProduct>['columns'] = [
    { key: 'sku', dataIndex: 'sku', title: p('sku'), width: 150 },
    { key: 'name', dataIndex: 'name', title: p('name') },
    { key: 'category', title: p('category'), render: (_, r) => r.category },
    { key: 'price', title: p('price'), align: 'right', width: 140, render: (_, r) => <Money value={r.price} /> },
    { key: 'recommended', title: p('recommendedPrice'), align: 'right', width: 160, render: (_, r) => <Money value={r.recommended_price} /> },
  ]

  const rows = supplier_id ? list.data?.data : []
  const bar = supplier_id ? (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong data-testid="chosen-count">
          {l('selected', { count: chosen.size })}
        </Typography.Text>
        {chosen.size > 0 && (
          <Button size="small" onClick={() => setChosen(new Map())}>
            {l('clearSelection')}
          </Button>
        )}
        <Form.Item
          label={l('category')}
          htmlFor="import-category"
          validateStatus={problem.category ? 'error' : undefined}
          help={problem.category}
          style={{ margin: 0 }}
        >
          <CategoryPicker
            id="import-category"
            value={categoryId}
            onChange={(v) => {
              setCategoryId(v)
              setProblem(({ category: _, ...rest }) => rest)
            }}
            style={{ width: 280 }}
          />
        </Form.Item>
        <Button type="primary" icon={<ImportOutlined />} loading={start.isPending} onClick={submit}>
          {l('importSelected')}
        </Button>
      </Flex>
      {problem.selection && <Alert type="warning" showIcon message={problem.selection} />}
    </Flex>
  ) : (
    <Alert type="info" showIcon message={t('pricelists.common.selectSupplier')} />
  )

  return (
    <Flex vertical gap={16}>
      <ListPage<PricelistProduct>
        title={t('nav.importProductToCategory')}
        toolbar={<SupplierSelect value={supplier_id} onChange={(v) => setIds({ supplier_id: v })} />}
        chips={
          <>
            <Alert type="info" showIcon message={l('notifyHint')} />
            {bar}
          </>
        }
        rowKey="id"
        columns={columns}
        rows={rows}
        meta={supplier_id ? list.data?.meta : undefined}
        loading={!!supplier_id && list.isFetching}
        rowSelection={{
          selectedRowKeys: [...chosen.keys()],
          preserveSelectedRowKeys: true,
          onChange: (_keys, _rows, info) => {
            // the table reports the page's change; rows of other pages stay chosen
            if (info.type === 'none') return setChosen(new Map())
          },
          onSelect: (row, selected) =>
            choose((m) => {
              const next = new Map(m)
              if (selected) next.set(row.id, row.sku)
              else next.delete(row.id)
              return next
            }),
          onSelectAll: (selected, _all, changed) =>
            choose((m) => {
              const next = new Map(m)
              for (const r of changed) {
                if (selected) next.set(r.id, r.sku)
                else next.delete(r.id)
              }
              return next
            }),
        }}
      />
    </Flex>
  )
}
