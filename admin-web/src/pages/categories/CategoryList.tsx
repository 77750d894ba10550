// The categories list (view-category): the whole tree in one call, shown in tree order with
// each name indented by its level and its path underneath; searched and paged in the browser
// (the tree is at most about a thousand rows), with the shared list layout.
import { EditOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Tag, Typography, type TableProps } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { ListPage } from '../../components/ListPage'
import { PermissionGuard } from '../../components/PermissionGuard'
import { useListParams } from '../../components/useListParams'
import { useCategoryTree } from '../../hooks/api/categoryAdmin'
import { href, screens } from '../../screens'
import { percent, rsd } from '../product-detail/display'
import { flattenCategories, type CategoryRow } from './categoryTree'

/** fold: lower case without Serbian diacritics, so 'racunari' finds 'Računari' */
export function fold(s: string): string {
  return s
    .toLowerCase()
    .replace(/đ/g, 'dj')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
}

/** filterCategories: the rows whose name, path or prefix holds the search */
export function filterCategories(rows: CategoryRow[], search: string): CategoryRow[] {
  const q = fold(search.trim())
  if (!q) return rows
  return rows.filter((r) => fold(r.path.join(' ')).includes(q) || fold(r.prefix).includes(q))
}

export function CategoryList() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useListParams()
  const tree = useCategoryTree()
  const all = useMemo(() => flattenCategories(tree.data ?? []), [tree.data])
  const found = useMemo(() => filterCategories(all, params.search), [all, params.search])
  const start = (params.page - 1) * params.paginate
  const rows = found.slice(start, start + params.paginate)
  const meta = {
    total: found.length,
    total_bounded: false,
    per_page: params.paginate,
    current_page: params.page,
    last_page: Math.max(1, Math.ceil(found.length / params.paginate)),
  }
  const l = (k: string) => t(`catalogAdmin.category.${k}`)

  const columns: TableProps<CategoryRow>['columns'] = [
    {
      key: 'name',
      title: l('name'),
      width: 300,
      render: (_, c) => (
        <div style={{ paddingLeft: c.depth * 20 }}>
          <Link to={href(screens.category, { categoryId: c.id })}>{c.name}</Link>
          {c.depth > 0 && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {c.path.slice(0, -1).join(' › ')}
            </Typography.Text>
          )}
        </div>
      ),
    },
    { key: 'prefix', dataIndex: 'prefix', title: l('prefix'), width: 90 },
    { key: 'level', dataIndex: 'level', title: l('level'), width: 70 },
    { key: 'parent', title: l('parent'), render: (_, c) => c.parentName ?? '' },
    { key: 'pdv', title: l('pdv'), align: 'right', render: (_, c) => percent(c.pdv) },
    { key: 'web', title: l('webMargin'), align: 'right', render: (_, c) => percent(c.web_margin) },
    { key: 'retail', title: l('retailMargin'), align: 'right', render: (_, c) => percent(c.retail_margin) },
    { key: 'dealer', title: l('dealerMargin'), align: 'right', render: (_, c) => percent(c.dealer_margin) },
    { key: 'min', title: l('minPrice'), align: 'right', render: (_, c) => rsd(c.min_price) },
    {
      key: 'active',
      title: l('active'),
      width: 90,
      render: (_, c) => (c.active === false ? <Tag>{t('common.no')}</Tag> : <Tag color="green">{t('common.yes')}</Tag>),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 80,
      render: (_, c) => (
        <Link to={href(screens.category, { categoryId: c.id })} aria-label={t('common.edit')} title={t('common.edit')}>
          <EditOutlined />
        </Link>
      ),
    },
  ]

  return (
    <ListPage<CategoryRow>
      title={l('title')}
      extra={
        <PermissionGuard permission="create-category">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(screens.categoryAdd.path)}>
            {l('add')}
          </Button>
        </PermissionGuard>
      }
      rowKey="id"
      columns={columns}
      rows={rows}
      meta={meta}
      loading={tree.isFetching}
    />
  )
}
