// The product's Actions tab (Akcije, catalogue spec 2): its discounts (type, fixed price or
// percentage, from, to as DD.MM.YYYY, dealer price on action) with edit and delete, and the form
// that adds one or saves the one being edited: the type, then the fixed price or the percentage
// by the type's flag, the first and last day. Two discounts of a product may not overlap: the
// server's 422 names the other's dates on the form.
import { DeleteOutlined, EditOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons'
import { Button, Card, Flex, Form, InputNumber, Modal, Select, Space, Table, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { DayPicker } from '../../components/DayPicker'
import { applyServerErrors } from '../../forms/serverErrors'
import { useDiscountTypesLookup } from '../../hooks/api/discountTypes'
import {
  useAddDiscount,
  useDeleteDiscount,
  useProductDiscounts,
  useSetDealerPrice,
  useUpdateDiscount,
  type Discount,
  type DiscountTypeRow,
} from '../../hooks/api/discounts'
import { discountRules, isPercentageType, toDiscountBody, type DiscountValues } from '../discounts/discountRules'
import { day, percent, rsd } from './display'
import { ColorTag } from '../../components/ColorTag'
import { ScrollX } from '../../components/ScrollX'
import { useNarrow } from '../../layout/useNarrow'

export function ProductDiscountsTab({ id }: { id: number }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<DiscountValues>()
  const discounts = useProductDiscounts(id)
  const types = useDiscountTypesLookup()
  const typeList = types.data as DiscountTypeRow[] | undefined
  const add = useAddDiscount(id)
  const update = useUpdateDiscount(id)
  const remove = useDeleteDiscount(id)
  const [editing, setEditing] = useState<Discount | null>(null)
  const [deleting, setDeleting] = useState<number | null>(null)
  const [dealer, setDealer] = useState<Discount | null>(null)
  const rules = discountRules(t)
  const l = (k: string) => t(`discounts.tab.${k}`)
  const typeId = Form.useWatch('discount_type_id', form)
  const percentageType = isPercentageType(typeList, typeId)
  // on a phone the fields stack: each label beside its field is wider than the screen
  const phone = useNarrow(600)

  const columns: TableProps<Discount>['columns'] = [
    {
      key: 'type',
      title: l('type'),
      render: (_, d) => <ColorTag color={d.type?.color}>{d.type?.name ?? typeList?.find((x) => x.id === d.discount_type_id)?.name}</ColorTag>,
    },
    { key: 'amount', title: `${l('price')} / ${l('percentage')}`, render: (_, d) => (d.percentage !== null ? percent(d.percentage) : rsd(d.price)) },
    { key: 'from', title: l('from'), render: (_, d) => day(d.from) },
    { key: 'to', title: l('to'), render: (_, d) => day(d.to) },
    { key: 'dealer', title: l('dealerPrice'), render: (_, d) => rsd(d.dealer_price) },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 170,
      render: (_, d) => (
        <Space>
          <Button size="small" icon={<EditOutlined />} aria-label={t('common.edit')} title={t('common.edit')} onClick={() => edit(d)} />
          <Button size="small" onClick={() => setDealer(d)}>
            {l('setDealerPrice')}
          </Button>
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} title={t('common.delete')} onClick={() => setDeleting(d.id)} />
        </Space>
      ),
    },
  ]

  function edit(d: Discount) {
    setEditing(d)
    form.resetFields()
    form.setFieldsValue({
      discount_type_id: d.discount_type_id,
      price: d.price ?? undefined,
      percentage: d.percentage ?? undefined,
      from: d.from,
      to: d.to,
    })
  }

  const submit = async (v: DiscountValues) => {
    const body = toDiscountBody(v, percentageType)
    try {
      if (editing) await update.mutateAsync({ discountId: editing.id, body })
      else await add.mutateAsync(body)
      setEditing(null)
      form.resetFields()
    } catch (err) {
      applyServerErrors(form, err)
    }
  }

  return (
    <Flex vertical gap={16}>
      <Card size="small" title={editing ? l('editTitle') : l('addTitle')}>
        <Form<DiscountValues> form={form} layout={phone ? 'vertical' : 'inline'} onFinish={submit} style={{ rowGap: 8 }}>
          <Form.Item name="discount_type_id" label={l('type')} rules={rules.discount_type_id}>
            <Select
              style={{ width: 200 }}
              aria-label={l('type')}
              options={(typeList ?? []).map((x) => ({ value: x.id, label: x.name }))}
              loading={types.isPending}
            />
          </Form.Item>
          {percentageType ? (
            <Form.Item name="percentage" label={l('percentage')} rules={rules.percentage}>
              <InputNumber aria-label={l('percentage')} min={0} max={100} step={1} addonAfter="%" />
            </Form.Item>
          ) : (
            <Form.Item name="price" label={l('price')} rules={rules.price}>
              <InputNumber aria-label={l('price')} min={0} step={100} addonAfter="RSD" />
            </Form.Item>
          )}
          <Form.Item name="from" label={l('from')} rules={rules.from}>
            <DayPicker placeholder="DD.MM.YYYY" aria-label={l('from')} />
          </Form.Item>
          <Form.Item name="to" label={l('to')} rules={rules.to} dependencies={['from']}>
            <DayPicker placeholder="DD.MM.YYYY" aria-label={l('to')} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={editing ? <SaveOutlined /> : <PlusOutlined />} loading={add.isPending || update.isPending}>
                {editing ? t('common.save') : t('catalogAdmin.common.add')}
              </Button>
              {editing && (
                <Button
                  onClick={() => {
                    setEditing(null)
                    form.resetFields()
                  }}
                >
                  {t('common.cancel')}
                </Button>
              )}
            </Space>
          </Form.Item>
        </Form>
      </Card>
      {/* wider than a phone: the table scrolls sideways, not the page */}
      <ScrollX>
        <Table<Discount>
          rowKey="id"
          columns={columns}
          dataSource={discounts.data ?? []}
          loading={discounts.isPending}
          pagination={false}
          locale={{ emptyText: t('common.noData') }}
        />
      </ScrollX>
      <ConfirmDialog
        open={deleting !== null}
        danger
        busy={remove.isPending}
        title={l('deleteTitle')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting !== null && remove.mutate(deleting, { onSettled: () => setDeleting(null) })}
      />
      {dealer && <DealerPriceDialog discount={dealer} onClose={() => setDealer(null)} />}
    </Flex>
  )
}

/** DealerPriceDialog sets the dealer price of the product while on the action (empty clears it). */
function DealerPriceDialog({ discount, onClose }: { discount: Discount; onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ dealer_price?: number | null }>()
  const save = useSetDealerPrice()
  const label = t('discounts.tab.dealerPrice')
  return (
    <Modal
      open
      title={label}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ dealer_price: discount.dealer_price }}
        onFinish={async (v) => {
          try {
            await save.mutateAsync({ discountId: discount.id, dealer_price: v.dealer_price ?? null })
            onClose()
          } catch (err) {
            applyServerErrors(form, err)
          }
        }}
      >
        <Form.Item name="dealer_price" label={label} rules={[{ type: 'number', min: 0.01, message: t('discounts.tab.priceMin') }]}>
          <InputNumber aria-label={label} min={0} addonAfter="RSD" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
