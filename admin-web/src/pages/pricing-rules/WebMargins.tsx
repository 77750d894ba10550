// Web margins (module WebMargin; view-web-margin, create-web-margin, udpate-web-margin): the
// shared list layout (newest first, search by category), add and edit screens. A rule narrows a
// category's products by supplier, brand and entry price; the most specific one gives their web
// margin. Deleting asks first and needs the edit permission (there is no delete permission).
import { Perm } from '@shop/shared'
import { Form, type TableProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import type { WebMargin } from '../../api/pricingTypes'
import { Loading } from '../../auth/guards'
import { NotFound } from '../../components/NotFound'
import { useCreateWebMargin, useDeleteWebMargin, useUpdateWebMargin, useWebMargin, useWebMargins } from '../../hooks/api/pricingRules'
import { href, screens } from '../../screens'
import { percent } from '../product-detail/display'
import { PercentInput } from './fields'
import { RuleFormShell } from './RuleFormShell'
import { RuleList } from './RuleList'
import { EMPTY_SCOPE, fromWebMargin, ruleRules, toWebMarginBody, type WebMarginValues } from './ruleForms'
import { ScopeFields, scopeColumns, useScopeList } from './scope'

export function WebMarginList() {
  const { t } = useTranslation()
  const { query, toolbar } = useScopeList()
  const list = useWebMargins(query)
  const remove = useDeleteWebMargin()
  const columns: NonNullable<TableProps<WebMargin>['columns']> = [
    { key: 'id', dataIndex: 'id', title: 'ID', width: 80 },
    ...scopeColumns<WebMargin>(t, true),
    { key: 'margin', title: t('pricingRules.webMargin.margin'), width: 130, align: 'right', render: (_, m) => percent(m.margin) },
  ]
  return (
    <RuleList<WebMargin>
      title={t('nav.webMargins')}
      createPermission={Perm.CreateWebMargin}
      updatePermission={Perm.UpdateWebMargin}
      addPath={screens.webMarginAdd.path}
      editPath={(m) => href(screens.webMargin, { marginId: m.id })}
      toolbar={toolbar}
      columns={columns}
      list={list}
      remove={remove}
      nameOf={(m) => `${m.category?.name ?? ''} ${percent(m.margin)}`.trim()}
    />
  )
}

function WebMarginFields() {
  const { t } = useTranslation()
  const rules = ruleRules(t)
  return (
    <>
      <ScopeFields categoryRequired />
      <Form.Item name="margin" label={t('pricingRules.webMargin.margin')} rules={rules.margin}>
        <PercentInput aria-label={t('pricingRules.webMargin.margin')} />
      </Form.Item>
    </>
  )
}

export function WebMarginCreatePage() {
  const { t } = useTranslation()
  const create = useCreateWebMargin()
  return (
    <RuleFormShellFor
      title={t('screens.webMarginAdd')}
      initial={{ ...EMPTY_SCOPE, margin: null }}
      busy={create.isPending}
      onSubmit={(v) => create.mutateAsync(toWebMarginBody(v))}
    />
  )
}

export function WebMarginEditPage() {
  const { t } = useTranslation()
  const { marginId } = useParams()
  const id = Number(marginId)
  const rule = useWebMargin(id)
  const update = useUpdateWebMargin(id)
  if (!Number.isInteger(id) || id <= 0 || rule.isError) return <NotFound />
  if (rule.isPending || !rule.data) return <Loading />
  return (
    <RuleFormShellFor
      title={t('screens.webMargin')}
      initial={fromWebMargin(rule.data)}
      busy={update.isPending}
      onSubmit={(v) => update.mutateAsync(toWebMarginBody(v))}
    />
  )
}

function RuleFormShellFor(props: { title: string; initial: WebMarginValues; busy: boolean; onSubmit: (v: WebMarginValues) => Promise<unknown> }) {
  return (
    <RuleFormShell<WebMarginValues> {...props} listPath={screens.webMargins.path}>
      <WebMarginFields />
    </RuleFormShell>
  )
}
