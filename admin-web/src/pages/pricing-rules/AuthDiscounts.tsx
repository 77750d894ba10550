// Authenticated ("logged") discounts (module B2C; view-authenticated-discount,
// create-authenticated-discount, update-authenticated-discount): the shared list layout (newest
// first, search by name), add and edit screens. Matched like web margins; the formula gives
// logged-in customers at most 20 % off, which the form says.
import { Perm } from '@shop/shared'
import { Alert, Col, Form, Input, Row, type TableProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import type { AuthDiscount } from '../../api/pricingTypes'
import { Loading } from '../../auth/guards'
import { NotFound } from '../../components/NotFound'
import { useListParams } from '../../components/useListParams'
import { useUrlIds } from '../pricelists/pickers'
import { useAuthDiscount, useAuthDiscounts, useCreateAuthDiscount, useDeleteAuthDiscount, useUpdateAuthDiscount } from '../../hooks/api/pricingRules'
import { href, screens } from '../../screens'
import { percent } from '../product-detail/display'
import { BrandPicker, CategoryTreePicker, MoneyInput, PercentInput, SupplierPicker } from './fields'
import { fromAuthDiscount, ruleRules, toAuthDiscountBody, type AuthDiscountValues } from './ruleForms'
import { RuleFormShell } from './RuleFormShell'
import { RuleList } from './RuleList'
import { priceRange } from './WebMargins'

export function AuthDiscountList() {
  const { t } = useTranslation()
  const [params] = useListParams()
  const [ids, setIds] = useUrlIds('category_id')
  const list = useAuthDiscounts({ page: params.page, paginate: params.paginate, search: params.search || undefined, category_id: ids.category_id })
  const remove = useDeleteAuthDiscount()
  const c = (k: string) => t(`pricingRules.common.${k}`)
  const any = c('any')
  const columns: NonNullable<TableProps<AuthDiscount>['columns']> = [
    { key: 'id', dataIndex: 'id', title: 'ID', width: 80 },
    { key: 'name', dataIndex: 'name', title: c('name') },
    { key: 'category', title: c('category'), render: (_, d) => d.category?.name ?? any },
    { key: 'supplier', title: c('supplier'), render: (_, d) => d.supplier?.name ?? any },
    { key: 'brand', title: c('brand'), render: (_, d) => d.brand?.name ?? any },
    { key: 'range', title: `${c('priceFrom')} – ${c('priceTo')}`, render: (_, d) => priceRange(d.price_from, d.price_to) || any },
    { key: 'discount', title: t('pricingRules.authDiscount.discount'), width: 130, align: 'right', render: (_, d) => percent(d.discount) },
  ]
  return (
    <RuleList<AuthDiscount>
      title={t('nav.authDiscounts')}
      createPermission={Perm.CreateAuthenticatedDiscount}
      updatePermission={Perm.UpdateAuthenticatedDiscount}
      addPath={screens.authDiscountAdd.path}
      editPath={(d) => href(screens.authDiscount, { authDiscountId: d.id })}
      toolbar={<CategoryTreePicker value={ids.category_id ?? null} onChange={(v) => setIds({ category_id: v ?? undefined })} placeholder={c('category')} />}
      columns={columns}
      list={list}
      remove={remove}
      nameOf={(d) => d.name}
    />
  )
}

function AuthDiscountFields() {
  const { t } = useTranslation()
  const rules = ruleRules(t)
  const c = (k: string) => t(`pricingRules.common.${k}`)
  return (
    <>
      <Form.Item name="name" label={c('name')} rules={rules.name}>
        <Input name="name" autoComplete="off" />
      </Form.Item>
      <Form.Item name="category_id" label={c('category')}>
        <CategoryTreePicker placeholder={c('any')} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="supplier_id" label={c('supplier')}>
            <SupplierPicker placeholder={c('any')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="brand_id" label={c('brand')}>
            <BrandPicker placeholder={c('any')} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="price_from" label={c('priceFrom')} rules={rules.price_from} extra={c('priceHint')}>
            <MoneyInput aria-label={c('priceFrom')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="price_to" label={c('priceTo')} rules={rules.price_to} dependencies={['price_from']}>
            <MoneyInput aria-label={c('priceTo')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="discount" label={t('pricingRules.authDiscount.discount')} rules={rules.discount}>
        <PercentInput aria-label={t('pricingRules.authDiscount.discount')} />
      </Form.Item>
      <Alert type="info" showIcon message={t('pricingRules.authDiscount.ceilingHint')} />
    </>
  )
}

function Shell(props: { title: string; initial: AuthDiscountValues; busy: boolean; onSubmit: (v: AuthDiscountValues) => Promise<unknown> }) {
  return (
    <RuleFormShell<AuthDiscountValues> {...props} listPath={screens.authDiscounts.path}>
      <AuthDiscountFields />
    </RuleFormShell>
  )
}

export function AuthDiscountCreatePage() {
  const { t } = useTranslation()
  const create = useCreateAuthDiscount()
  return (
    <Shell
      title={t('screens.authDiscountAdd')}
      initial={{ name: '', category_id: null, supplier_id: null, brand_id: null, price_from: null, price_to: null, discount: null }}
      busy={create.isPending}
      onSubmit={(v) => create.mutateAsync(toAuthDiscountBody(v))}
    />
  )
}

export function AuthDiscountEditPage() {
  const { t } = useTranslation()
  const { authDiscountId } = useParams()
  const id = Number(authDiscountId)
  const rule = useAuthDiscount(id)
  const update = useUpdateAuthDiscount(id)
  if (!Number.isInteger(id) || id <= 0 || rule.isError) return <NotFound />
  if (rule.isPending || !rule.data) return <Loading />
  return (
    <Shell
      title={t('screens.authDiscount')}
      initial={fromAuthDiscount(rule.data)}
      busy={update.isPending}
      onSubmit={(v) => update.mutateAsync(toAuthDiscountBody(v))}
    />
  )
}
