// Authenticated ("logged") discounts (module B2C; view-authenticated-discount,
// create-authenticated-discount, update-authenticated-discount): the shared list layout (newest
// first, search by name), add and edit screens. Matched like web margins; the formula gives
// logged-in customers at most 20 % off, which the form says.
import { Perm } from '@shop/shared'
import { Alert, Form, Input, type TableProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import type { AuthDiscount } from '../../api/pricingTypes'
import { Loading } from '../../auth/guards'
import { NotFound } from '../../components/NotFound'
import { useAuthDiscount, useAuthDiscounts, useCreateAuthDiscount, useDeleteAuthDiscount, useUpdateAuthDiscount } from '../../hooks/api/pricingRules'
import { href, screens } from '../../screens'
import { percent } from '../product-detail/display'
import { PercentInput } from './fields'
import { EMPTY_SCOPE, fromAuthDiscount, ruleRules, toAuthDiscountBody, type AuthDiscountValues } from './ruleForms'
import { RuleFormShell } from './RuleFormShell'
import { RuleList } from './RuleList'
import { ScopeFields, scopeColumns, useScopeList } from './scope'

export function AuthDiscountList() {
  const { t } = useTranslation()
  const { query, toolbar } = useScopeList()
  const list = useAuthDiscounts(query)
  const remove = useDeleteAuthDiscount()
  const columns: NonNullable<TableProps<AuthDiscount>['columns']> = [
    { key: 'id', dataIndex: 'id', title: 'ID', width: 80 },
    { key: 'name', dataIndex: 'name', title: t('pricingRules.common.name') },
    ...scopeColumns<AuthDiscount>(t, false),
    { key: 'discount', title: t('pricingRules.authDiscount.discount'), width: 130, align: 'right', render: (_, d) => percent(d.discount) },
  ]
  return (
    <RuleList<AuthDiscount>
      title={t('nav.authDiscounts')}
      createPermission={Perm.CreateAuthenticatedDiscount}
      updatePermission={Perm.UpdateAuthenticatedDiscount}
      addPath={screens.authDiscountAdd.path}
      editPath={(d) => href(screens.authDiscount, { authDiscountId: d.id })}
      toolbar={toolbar}
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
      <ScopeFields categoryRequired={false} />
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
      initial={{ name: '', ...EMPTY_SCOPE, discount: null }}
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
