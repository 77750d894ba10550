// How the product's prices came about (GET admin/products/{id}/price-explain): each step of the
// formula, from the entry price to what a guest and a logged-in customer see. Folded until asked
// for, so the form's first paint asks for nothing more.
import { Alert, Collapse, Descriptions, Spin, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type PriceExplain as Explain, usePriceExplain } from '../../hooks/api/priceExplain'
import { day, percent, rsd } from './display'

export function PriceExplain({ productId, defaultOpen = false }: { productId: number; defaultOpen?: boolean }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(defaultOpen)
  const q = usePriceExplain(productId, open)
  return (
    <Collapse
      size="small"
      style={{ marginBottom: 16 }}
      activeKey={open ? ['explain'] : []}
      onChange={(keys) => setOpen((Array.isArray(keys) ? keys : [keys]).includes('explain'))}
      items={[
        {
          key: 'explain',
          label: t('priceExplain.title'),
          children: q.isPending ? (
            <Spin size="small" aria-label={t('priceExplain.loading')} />
          ) : q.isError || !q.data ? (
            <Alert type="warning" showIcon message={t('priceExplain.error')} />
          ) : (
            <Steps x={q.data} />
          ),
        },
      ]}
    />
  )
}

function Steps({ x }: { x: Explain }) {
  const { t } = useTranslation()
  const l = (k: string, o?: Record<string, unknown>) => t(`priceExplain.${k}`, o)
  const opt = (v: number | null | undefined, any: string) => (v === null || v === undefined ? any : String(v))
  const rule = x.web_margin_rule
  const margin = rule
    ? `${percent(x.web_margin)} (${l('fromRule', { id: rule.id })}: ${l('ruleFields', {
        supplier: opt(rule.supplier_id, l('any')),
        brand: opt(rule.brand_id, l('any')),
        from: rule.price_from === null || rule.price_from === undefined ? l('open') : rsd(rule.price_from),
        to: rule.price_to === null || rule.price_to === undefined ? l('open') : rsd(rule.price_to),
      })})`
    : `${percent(x.web_margin)} (${l('fromCategory')})`
  const rec = x.recommended_rule
  const auth = x.authenticated_rule
  const d = x.discount
  const items = [
    { key: 'entry', label: l('entryPrice'), children: rsd(x.entry_price) },
    { key: 'margin', label: l('webMargin'), children: margin },
    { key: 'vat', label: l('vat'), children: percent(x.vat) },
    {
      key: 'before',
      label: l('webBeforeCap'),
      children: (
        <>
          {rsd(x.web_before_cap)} <Typography.Text type="secondary">({l('formulaWeb')})</Typography.Text>
        </>
      ),
    },
    {
      key: 'recRule',
      label: l('recommendedRule'),
      children: rec ? l('recommendedRuleText', { name: rec.name, id: rec.id, lower: percent(rec.lower) }) : l('noRecommendedRule'),
    },
    ...(rec
      ? [
          { key: 'rec', label: l('recommended'), children: x.recommended_price ? rsd(x.recommended_price) : l('noRecommendedPrice') },
          ...(x.cap !== null && x.cap !== undefined
            ? [{ key: 'cap', label: l('cap'), children: `${rsd(x.cap)} (${x.capped ? l('capped') : l('notCapped')})` }]
            : []),
        ]
      : []),
    ...(x.eponuda_price !== null && x.eponuda_price !== undefined ? [{ key: 'eponuda', label: l('eponudaPrice'), children: rsd(x.eponuda_price) }] : []),
    { key: 'web', label: l('webPrice'), children: <strong>{rsd(x.web_price)}</strong> },
    {
      key: 'authRule',
      label: l('authRule'),
      children: auth
        ? `${l('authRuleText', { name: auth.name, id: auth.id, discount: percent(auth.discount) })}${
            x.ceiling_applied ? ` (${l('ceiling', { ceiling: percent(x.authenticated_ceiling) })})` : ''
          }`
        : l('noAuthRule'),
    },
    { key: 'auth', label: l('authPrice'), children: rsd(x.authenticated_price) },
    {
      key: 'discount',
      label: l('discount'),
      children: d
        ? `${l('discountText', { type: d.type, from: day(d.from), to: day(d.to) })}; ${
            d.is_percentage ? l('percentage', { percentage: percent(d.percentage) }) : l('fixed')
          }`
        : l('noDiscount'),
    },
    ...(d ? [{ key: 'discountPrice', label: l('discountPrice'), children: rsd(d.price) }] : []),
    { key: 'retail', label: l('retailPrice', { margin: percent(x.retail_margin) }), children: rsd(x.retail_price) },
    { key: 'dealer', label: l('dealerPrice', { margin: percent(x.dealer_margin) }), children: rsd(x.dealer_price) },
    { key: 'guest', label: l('guestPrice'), children: <strong>{rsd(x.guest_price)}</strong> },
    { key: 'customer', label: l('customerPrice'), children: <strong>{rsd(x.customer_price)}</strong> },
  ]
  return (
    <>
      {x.stored && !x.stored.up_to_date && <Alert type="info" showIcon style={{ marginBottom: 8 }} message={l('stale')} />}
      <Descriptions size="small" column={1} bordered items={items} />
    </>
  )
}
