// Recommended prices (view-recommended-price, create-recommended-price,
// update-recommended-price): the shared list layout (by name, searchable), add and edit screens.
// A rule caps the web price of a manufacturer's products (in the chosen categories; none: all) at
// the supplier's recommended price lowered by its percentage.
import { Perm } from '@shop/shared'
import { Form, Input, Tag, type TableProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import type { RecommendedPrice } from '../../api/pricingTypes'
import { Loading } from '../../auth/guards'
import { NotFound } from '../../components/NotFound'
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
import { RuleList } from './RuleList'

export function RecommendedPriceList() {
  const { t } = useTranslation()
  const [params] = useListParams()
  const [ids, setIds] = useUrlIds('manufacturer_id')
  const list = useRecommendedPrices({ page: params.page, paginate: params.paginate, search: params.search || undefined, manufacturer_id: ids.manufacturer_id })
  const remove = useDeleteRecommendedPrice()
  const c = (k: string) => t(`pricingRules.common.${k}`)
  const columns: NonNullable<TableProps<RecommendedPrice>['columns']> = [
    { key: 'id', dataIndex: 'id', title: 'ID', width: 80 },
    { key: 'name', dataIndex: 'name', title: c('name') },
    { key: 'manufacturer', title: c('manufacturer'), render: (_, r) => r.manufacturer?.name ?? `#${r.manufacturer_id}` },
    {
      key: 'categories',
      title: c('categories'),
      render: (_, r) => (r.categories.length === 0 ? c('allCategories') : r.categories.map((cat) => <Tag key={cat.id}>{cat.name}</Tag>)),
    },
    { key: 'lower', title: t('pricingRules.recommendedPrice.lower'), width: 140, align: 'right', render: (_, r) => percent(r.lower) },
  ]
  return (
    <RuleList<RecommendedPrice>
      title={t('nav.recommendedPrices')}
      createPermission={Perm.CreateRecommendedPrice}
      updatePermission={Perm.UpdateRecommendedPrice}
      addPath={screens.recommendedPriceAdd.path}
      editPath={(r) => href(screens.recommendedPrice, { recommendedPriceId: r.id })}
      toolbar={<ManufacturerPicker value={ids.manufacturer_id ?? null} onChange={(v) => setIds({ manufacturer_id: v ?? undefined })} placeholder={c('manufacturer')} />}
      columns={columns}
      list={list}
      remove={remove}
      nameOf={(r) => r.name}
    />
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
