// Category linking (connect-category): a supplier's category names with their product counts.
// An unlinked one gets a shop category picker and 'Poveži' (its products are placed there at
// once); a linked one shows its shop category and 'Razdvoji' after a Da/Ne confirmation. A
// second link of the same name is refused with 'Kategorije su već povezane', shown on the row
// and as a toast. The supplier is kept in the URL (?supplier_id=).
import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons'
import { Alert, Button, Flex, Form, type TableProps } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ListPage } from '../../components/ListPage'
import { useListParams } from '../../components/useListParams'
import { formatNumber } from '../../format'
import { useLinkCategory, useSupplierCategories, useUnlinkCategory, type SupplierCategory } from '../../hooks/api/pricelistLinks'
import { toast } from '../../notify'
import { CategoryPicker, SupplierSelect, useUrlIds } from './pickers'
import { refusal } from './refusal'

export function CategoryLinking() {
  const { t } = useTranslation()
  const [{ supplier_id }, setIds] = useUrlIds('supplier_id')
  const [params] = useListParams()
  const list = useSupplierCategories({ supplier_id: supplier_id ?? 0, page: params.page, paginate: params.paginate })
  const link = useLinkCategory()
  const unlink = useUnlinkCategory()
  // the shop category chosen on each unlinked row, and a row's refusal
  const [picked, setPicked] = useState<Record<string, number | undefined>>({})
  const [rowError, setRowError] = useState<Record<string, string>>({})
  const [separating, setSeparating] = useState<SupplierCategory | null>(null)
  const l = (k: string, o?: Record<string, unknown>) => t(`pricelists.categoryLinking.${k}`, o ?? {})

  // another supplier: another set of names
  useEffect(() => {
    setPicked({})
    setRowError({})
  }, [supplier_id])

  const connect = (row: SupplierCategory) => {
    const categoryId = picked[row.supplier_category]
    const name = row.supplier_category
    if (!supplier_id) return
    if (!categoryId) {
      setRowError((e) => ({ ...e, [name]: t('pricelists.common.selectValueFirst') }))
      return
    }
    link.mutate(
      { supplier_id, supplier_category: name, category_id: categoryId },
      {
        onSuccess: (res) => {
          if (!res.message) toast({ type: 'success', message: l('connected') })
          setPicked(({ [name]: _, ...rest }) => rest)
          setRowError(({ [name]: _, ...rest }) => rest)
        },
        onError: (err) => {
          const message = refusal(err)
          if (!message) return
          setRowError((e) => ({ ...e, [name]: message }))
          toast({ type: 'danger', message })
        },
      },
    )
  }

  const separate = () => {
    const id = separating?.link_id
    if (!id) return
    unlink.mutate(id, {
      onSuccess: (res) => {
        if (!res.message) toast({ type: 'success', message: l('separated') })
      },
      onSettled: () => setSeparating(null),
    })
  }

  const columns: TableProps<SupplierCategory>['columns'] = [
    { key: 'name', title: l('supplierCategory'), render: (_, r) => r.supplier_category },
    { key: 'products', title: l('products'), align: 'right', width: 140, render: (_, r) => formatNumber(r.products) },
    {
      key: 'category',
      title: l('shopCategory'),
      render: (_, r) => {
        if (r.category) return r.category.name
        const error = rowError[r.supplier_category]
        return (
          <Form.Item validateStatus={error ? 'error' : undefined} help={error} style={{ margin: 0 }}>
            <Flex gap={8}>
              <CategoryPicker
                aria-label={`${l('shopCategory')}: ${r.supplier_category}`}
                value={picked[r.supplier_category]}
                onChange={(v) => {
                  setPicked((p) => ({ ...p, [r.supplier_category]: v }))
                  setRowError(({ [r.supplier_category]: _, ...rest }) => rest)
                }}
                style={{ minWidth: 260 }}
              />
              <Button
                type="primary"
                icon={<LinkOutlined />}
                loading={link.isPending && link.variables?.supplier_category === r.supplier_category}
                onClick={() => connect(r)}
              >
                {l('connect')}
              </Button>
            </Flex>
          </Form.Item>
        )
      },
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 140,
      render: (_, r) =>
        r.link_id ? (
          <Button size="small" danger icon={<DisconnectOutlined />} onClick={() => setSeparating(r)}>
            {l('separate')}
          </Button>
        ) : null,
    },
  ]

  return (
    <>
      <ListPage<SupplierCategory>
        title={t('nav.categoryLinking')}
        searchable={false}
        toolbar={<SupplierSelect value={supplier_id} onChange={(v) => setIds({ supplier_id: v })} />}
        chips={supplier_id ? undefined : <Alert type="info" showIcon message={t('pricelists.common.selectSupplier')} />}
        rowKey="supplier_category"
        columns={columns}
        rows={supplier_id ? list.data?.data : []}
        meta={supplier_id ? list.data?.meta : undefined}
        loading={!!supplier_id && list.isFetching}
      />
      <ConfirmDialog
        open={separating !== null}
        danger
        busy={unlink.isPending}
        title={l('separateTitle')}
        onCancel={() => setSeparating(null)}
        onConfirm={separate}
      >
        {l('separateText', { supplierCategory: separating?.supplier_category ?? '', category: separating?.category?.name ?? '' })}
      </ConfirmDialog>
    </>
  )
}
