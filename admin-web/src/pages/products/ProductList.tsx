// The products list (admin/proizvodi) and its variant 'visible on site' (admin/proizvodi-na-sajtu,
// live=1 fixed): the shared list layout with the filter panel, the chips, row selection, the
// mass dialogs, and per row edit, delete and separate-from-supplier (each confirmed Da/Ne).
import { DeleteOutlined, DisconnectOutlined, EditOutlined, FilterOutlined, PlusOutlined } from '@ant-design/icons'
import { Badge, Button, Flex, Space, Tag, type TableProps } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import type { ProductRow } from '../../api/catalogTypes'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ListPage } from '../../components/ListPage'
import { FilterChips } from '../../components/lists/FilterChips'
import { ALL_FILTER_FIELDS } from '../../components/lists/filterFields'
import { Thumbnail } from '../../components/Thumbnail'
import { PermissionGuard } from '../../components/PermissionGuard'
import { formatMoney } from '../../format'
import { useDeleteProduct, useDisconnectProduct, useProducts, type Target } from '../../hooks/api/products'
import { filterApiQuery, hasFilters, toApiQuery, type ApiQuery, type ChipKind } from '../../lists/productQuery'
import { useProductListQuery } from '../../lists/useProductListQuery'
import { href, screens } from '../../screens'
import { MassActions } from './MassActions'

// the filter panel (drawer, selects, date pickers) loads when it first opens
const FilterPanel = lazy(async () => ({ default: (await import('../../components/lists/FilterPanel')).FilterPanel }))

export interface ProductListProps {
  /** 'onSite': only products visible on the site (live=1 always sent, not a filter the user sets) */
  variant?: 'all' | 'onSite'
}

export function ProductList({ variant = 'all' }: ProductListProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [query, setFilters] = useProductListQuery()
  const onSite = variant === 'onSite'
  const fixed: ApiQuery = onSite ? { live: 1 } : {}
  const products = useProducts(toApiQuery(query, fixed))
  // the server stopped counting at meta.total: "more than" it (a broad filter)
  const bounded = products.data?.meta?.total_bounded === true

  const [selected, setSelected] = useState<number[]>([])
  const [allFiltered, setAllFiltered] = useState(false)
  const [panel, setPanel] = useState<{ open: boolean; focusCategory?: boolean }>({ open: false })
  // once opened, the panel stays mounted (its closing slide)
  const [panelUsed, setPanelUsed] = useState(false)
  if (panel.open && !panelUsed) setPanelUsed(true)
  const [toDelete, setToDelete] = useState<ProductRow | null>(null)
  const [toSeparate, setToSeparate] = useState<ProductRow | null>(null)
  const del = useDeleteProduct()
  const separate = useDisconnectProduct()

  const filtered = hasFilters(query) || query.search !== '' || onSite
  const filter = { ...filterApiQuery(query, query.search), ...fixed }
  const target: Target = { ids: allFiltered ? [] : selected, filter }
  const clearSelection = () => {
    setSelected([])
    setAllFiltered(false)
  }
  // a new filter or search starts a new choice (as applying the panel does): ids picked from
  // the old rows would otherwise stay chosen out of sight, and "all filtered" would silently
  // mean the new set
  const filterKey = JSON.stringify(filter)
  const [choiceFor, setChoiceFor] = useState(filterKey)
  if (choiceFor !== filterKey) {
    setChoiceFor(filterKey)
    clearSelection()
  }
  const hiddenChips: ChipKind[] = onSite ? ['live', 'dead'] : []

  // The widths are minimums: they add up to what fits beside the full sidebar at 1366 px, and
  // wider screens spread the room over them. The actions column is the last one and scrolls with
  // the rest: a column stuck to the right edge hides whichever column lies under it whenever the
  // table is wider than the screen (prices and status at 5000 rows).
  const columns: TableProps<ProductRow>['columns'] = [
    {
      key: 'image',
      title: t('products.image'),
      width: 64,
      render: (_, p) =>
        p.main_image ? (
          <Thumbnail src={p.main_image.small} large={p.main_image.large} size={48} />
        ) : (
          <span aria-label={t('products.noImage')}>—</span>
        ),
    },
    { key: 'sku', dataIndex: 'sku', title: t('products.sku'), width: 100 },
    {
      key: 'name',
      title: t('products.name'),
      width: 170,
      render: (_, p) => <Link to={href(screens.product, { productId: p.id })}>{p.name}</Link>,
    },
    { key: 'category', title: t('products.category'), width: 116, render: (_, p) => p.main_category?.name ?? '' },
    { key: 'brand', title: t('products.brand'), width: 100, render: (_, p) => p.brand?.name ?? '' },
    {
      key: 'entry_price',
      title: t('products.entryPrice'),
      width: 100,
      align: 'right',
      render: (_, p) => formatMoney(p.entry_price),
    },
    { key: 'web_price', title: t('products.webPrice'), width: 100, align: 'right', render: (_, p) => formatMoney(p.web_price) },
    {
      key: 'active',
      title: t('products.active'),
      width: 80,
      render: (_, p) => <Badge status={p.active ? 'success' : 'default'} text={p.active ? t('common.yes') : t('common.no')} />,
    },
    {
      key: 'visible',
      title: t('products.visible'),
      width: 80,
      render: (_, p) => <Badge status={p.visible ? 'success' : 'default'} text={p.visible ? t('common.yes') : t('common.no')} />,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 96,
      render: (_, p) => (
        <Space>
          <Link to={href(screens.product, { productId: p.id })} aria-label={t('common.edit')} title={t('common.edit')}>
            <EditOutlined />
          </Link>
          {p.connected && p.supplier_product_id ? (
            <Button
              type="text"
              size="small"
              icon={<DisconnectOutlined />}
              aria-label={t('products.separate')}
              title={t('products.separate')}
              onClick={() => setToSeparate(p)}
            />
          ) : null}
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('common.delete')}
            title={t('common.delete')}
            onClick={() => setToDelete(p)}
          />
        </Space>
      ),
    },
  ]

  const activeFilterCount = filterCount(query, hiddenChips)

  return (
    <>
      <ListPage<ProductRow>
        title={onSite ? t('nav.productsOnSite') : t('nav.products')}
        extra={
          <PermissionGuard permission="create-product">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(screens.productAdd.path)}>
              {t('products.add')}
            </Button>
          </PermissionGuard>
        }
        toolbar={
          <>
            <Button icon={<FilterOutlined />} onClick={() => setPanel({ open: true })}>
              {t('filters.open')}
              {activeFilterCount > 0 && <Tag style={{ marginInlineStart: 6, marginInlineEnd: 0 }}>{activeFilterCount}</Tag>}
            </Button>
            <MassActions
              selection={{ ids: selected, allFiltered }}
              filters={query}
              target={target}
              onDone={clearSelection}
              onNeedCategory={() => setPanel({ open: true, focusCategory: true })}
            />
          </>
        }
        chips={
          <>
            <FilterChips filters={query} onChange={setFilters} hidden={hiddenChips} />
            {(selected.length > 0 || allFiltered) && (
              <Flex gap={8} align="center" wrap data-testid="selection-bar">
                <span>
                  {allFiltered
                    ? t(bounded ? 'products.allFilteredChosenMore' : 'products.allFilteredChosen', { count: products.data?.meta?.total ?? 0 })
                    : t('products.chosen', { count: selected.length })}
                </span>
                {!allFiltered && filtered && (
                  <Button type="link" size="small" onClick={() => setAllFiltered(true)}>
                    {t(bounded ? 'products.chooseAllFilteredMore' : 'products.chooseAllFiltered', { count: products.data?.meta?.total ?? 0 })}
                  </Button>
                )}
                <Button type="link" size="small" onClick={clearSelection}>
                  {t('products.clearChoice')}
                </Button>
              </Flex>
            )}
          </>
        }
        rowKey="id"
        columns={columns}
        rows={products.data?.data}
        meta={products.data?.meta}
        loading={products.isFetching}
        rowSelection={{
          selectedRowKeys: allFiltered ? (products.data?.data ?? []).map((p) => p.id) : selected,
          // select-all of the header picks every id on the current page (spec 2)
          onChange: (keys) => {
            setAllFiltered(false)
            setSelected(keys.map(Number))
          },
          columnWidth: 48,
          fixed: true,
        }}
      />
      {panelUsed && (
        <Suspense fallback={null}>
          <FilterPanel
            open={panel.open}
            focusCategory={panel.focusCategory}
            value={query}
            fields={onSite ? ALL_FILTER_FIELDS.filter((f) => f !== 'visible') : ALL_FILTER_FIELDS}
            onApply={(f) => {
              setFilters({ ...f, ...(onSite ? { live: false, dead: false } : {}) })
              clearSelection()
              setPanel({ open: false })
            }}
            onClose={() => setPanel({ open: false })}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        danger
        title={t('products.deleteTitle')}
        busy={del.isPending}
        onConfirm={() => toDelete && del.mutate(toDelete.id, { onSettled: () => setToDelete(null) })}
        onCancel={() => setToDelete(null)}
      >
        {toDelete && t('products.deleteText', { name: toDelete.name })}
      </ConfirmDialog>
      <ConfirmDialog
        open={toSeparate !== null}
        title={t('products.separateTitle')}
        busy={separate.isPending}
        onConfirm={() =>
          toSeparate?.supplier_product_id && separate.mutate(toSeparate.supplier_product_id, { onSettled: () => setToSeparate(null) })
        }
        onCancel={() => setToSeparate(null)}
      >
        {toSeparate && t('products.separateText', { name: toSeparate.name })}
      </ConfirmDialog>
    </>
  )
}

function filterCount(q: Parameters<typeof hasFilters>[0], hidden: ChipKind[]): number {
  return Object.entries(filterApiQuery(q)).filter(([k]) => !hidden.includes(k as ChipKind)).length
}
