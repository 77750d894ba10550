// Our suppliers: each supplier with its connected and unconnected price-list products (links
// to the supplier's products page) and when its price list was last updated; 10 skeleton rows
// while the first page loads.
import { Skeleton, type TableProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { SupplierRow } from '../../api/catalogTypes'
import { ListPage } from '../../components/ListPage'
import { useListParams } from '../../components/useListParams'
import { useSupplierList } from '../../hooks/api/supplierProducts'
import { href, screens } from '../../screens'
import { formatDateTime } from '../../format'

/** the query value that asks for the connected products (anything else: unconnected) */
export const CONNECTED = 'povezani'
export const UNCONNECTED = 'nepovezani'

export const SKELETON_ROWS = 10

type Row = SupplierRow & { skeleton?: boolean }

/** supplierProductsHref: the address of a supplier's connected or unconnected products. */
export function supplierProductsHref(id: number, connected: boolean): string {
  return `${href(screens.supplierProducts, { supplierId: id })}?type=${connected ? CONNECTED : UNCONNECTED}`
}

// A placeholder row shows only skeletons: the fields it lacks are never read.
const placeholders = Array.from({ length: SKELETON_ROWS }, (_, i) => ({ id: -1 - i, name: '', skeleton: true })) as Row[]

export function SupplierList() {
  const { t } = useTranslation()
  const [params] = useListParams()
  const list = useSupplierList({ page: params.page, paginate: params.paginate, search: params.search || undefined })
  const l = (k: string) => t(`catalogAdmin.supplier.${k}`)
  const cell = (row: Row, content: React.ReactNode) => (row.skeleton ? <Skeleton.Input active size="small" /> : content)

  const columns: TableProps<Row>['columns'] = [
    { key: 'name', title: l('name'), render: (_, s) => cell(s, s.name) },
    {
      key: 'connected',
      title: l('connected'),
      align: 'right',
      render: (_, s) => cell(s, <Link to={supplierProductsHref(s.id, true)}>{s.connected_products}</Link>),
    },
    {
      key: 'unconnected',
      title: l('unconnected'),
      align: 'right',
      render: (_, s) => cell(s, <Link to={supplierProductsHref(s.id, false)}>{s.unconnected_products}</Link>),
    },
    { key: 'updated', title: l('updatedAt'), render: (_, s) => cell(s, formatDateTime(s.updated_at)) },
  ]

  const first = list.isPending
  return (
    <ListPage<Row>
      title={l('title')}
      rowKey="id"
      columns={columns}
      rows={first ? placeholders : list.data?.data}
      meta={list.data?.meta}
      loading={!first && list.isFetching}
    />
  )
}
