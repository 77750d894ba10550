// Recommended prices (view-recommended-price, create-recommended-price,
// update-recommended-price): the shared list layout (by name, searchable), add and edit screens.
// A rule caps the web price of a manufacturer's products (in the chosen categories; none: all) at
// the supplier's recommended price lowered by its percentage.
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { Perm } from '@shop/shared'
import { Button, Form, Input, Space, Tag, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import type { RecommendedPrice } from '../../api/pricingTypes'
import { Loading } from '../../auth/guards'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ListPage } from '../../components/ListPage'
import { NotFound } from '../../components/NotFound'
import { PermissionGuard } from '../../components/PermissionGuard'
import { useListParams } from '../../components/useListParams'
import { useUrlIds } from '../pricelists/pickers'
import {
  useCreateRecommendedPrice,
  useDeleteRecommendedPrice,
  useRecommendedPrice,
  useRecommendedPrices,
  useUpdateRecommendedPrice,
} from '../../hooks/api/pricingRules'
import { href, screens } from '../../screens'
import { percent } from '../product-detail/display'
import { CategoriesPicker, ManufacturerPicker, PercentInput } from './fields'
import { fromRecommendedPrice, LOWER_MAX, ruleRules, toRecommendedPriceBody, type RecommendedPriceValues } from './ruleForms'
import { RuleFormShell } from './RuleFormShell'

export function RecommendedPriceList() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useListParams()
  const [ids, setIds] = useUrlIds('manufacturer_id')
  const list = useRecommendedPrices({ page: params.page, paginate: params.paginate, search: params.search || undefined, manufacturer_id: ids.manufacturer_id })
  const remove = useDeleteRecommendedPrice()
  const [deleting, setDeleting] = useState<RecommendedPrice | null>(null)
  const c = (k: string, o?: Record<string, unknown>) => t(`pricingRules.common.${k}`, o ?? {})

  const columns: TableProps<RecommendedPrice>['columns'] = [
    { key: 'id', dataIndex: 'id', title: 'ID', width: 80 },
    { key: 'name', dataIndex: 'name', title: c('name') },
    { key: 'manufacturer', title: c('manufacturer'), render: (_, r) => r.manufacturer?.name ?? `#${r.manufacturer_id}` },
    {
      key: 'categories',
      title: c('categories'),
      render: (_, r) => (r.categories.length === 0 ? c('allCategories') : r.categories.map((cat) => <Tag key={cat.id}>{cat.name}</Tag>)),
    },
    { key: 'lower', title: t('pricingRules.recommendedPrice.lower'), width: 140, align: 'right', render: (_, r) => percent(r.lower) },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 120,
      render: (_, r) => (
        <PermissionGuard permission={Perm.UpdateRecommendedPrice}>
          <Space>
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={t('common.edit')}
              title={t('common.edit')}
              onClick={() => navigate(href(screens.recommendedPrice, { recommendedPriceId: r.id }))}
            />
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={c('delete')} title={c('delete')} onClick={() => setDeleting(r)} />
          </Space>
        </PermissionGuard>
      ),
    },
  ]

  return (
    <>
      <ListPage<RecommendedPrice>
        title={t('nav.recommendedPrices')}
        extra={
          <PermissionGuard permission={Perm.CreateRecommendedPrice}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(screens.recommendedPriceAdd.path)}>
              {c('add')}
            </Button>
          </PermissionGuard>
        }
        toolbar={
          <div style={{ minWidth: 260 }}>
            <ManufacturerPicker value={ids.manufacturer_id ?? null} onChange={(v) => setIds({ manufacturer_id: v ?? undefined })} placeholder={c('manufacturer')} />
          </div>
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
        title={c('deleteTitle')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      >
        {c('deleteText', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </>
  )
}

function RecommendedPriceFields() {
  const { t } = useTranslation()
  const rules = ruleRules(t)
  const c = (k: string) => t(`pricingRules.common.${k}`)
  return (
    <>
      <Form.Item name="name" label={c('name')} rules={rules.name}>
        <Input name="name" autoComplete="off" />
      </Form.Item>
      <Form.Item name="manufacturer_id" label={c('manufacturer')} rules={rules.manufacturer_id}>
        <ManufacturerPicker />
      </Form.Item>
      <Form.Item name="categories" label={c('categories')} extra={t('pricingRules.recommendedPrice.categoriesHint')}>
        <CategoriesPicker placeholder={c('allCategories')} />
      </Form.Item>
      <Form.Item name="lower" label={t('pricingRules.recommendedPrice.lower')} rules={rules.lower} extra={t('pricingRules.recommendedPrice.lowerHint')}>
        <PercentInput aria-label={t('pricingRules.recommendedPrice.lower')} max={LOWER_MAX} />
      </Form.Item>
    </>
  )
}

function Shell(props: { title: string; initial: RecommendedPriceValues; busy: boolean; onSubmit: (v: RecommendedPriceValues) => Promise<unknown> }) {
  return (
    <RuleFormShell<RecommendedPriceValues> {...props} listPath={screens.recommendedPrices.path}>
      <RecommendedPriceFields />
    </RuleFormShell>
  )
}

export function RecommendedPriceCreatePage() {
  const { t } = useTranslation()
  const create = useCreateRecommendedPrice()
  return (
    <Shell
      title={t('screens.recommendedPriceAdd')}
      initial={{ name: '', manufacturer_id: null, categories: [], lower: 0 }}
      busy={create.isPending}
      onSubmit={(v) => create.mutateAsync(toRecommendedPriceBody(v))}
    />
  )
}

export function RecommendedPriceEditPage() {
  const { t } = useTranslation()
  const { recommendedPriceId } = useParams()
  const id = Number(recommendedPriceId)
  const rule = useRecommendedPrice(id)
  const update = useUpdateRecommendedPrice(id)
  if (!Number.isInteger(id) || id <= 0 || rule.isError) return <NotFound />
  if (rule.isPending || !rule.data) return <Loading />
  return (
    <Shell
      title={t('screens.recommendedPrice')}
      initial={fromRecommendedPrice(rule.data)}
      busy={update.isPending}
      onSubmit={(v) => update.mutateAsync(toRecommendedPriceBody(v))}
    />
  )
}
