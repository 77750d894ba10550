// The Actions page (view_category-discount-display, back-office spec 2.1 and 5): search by a
// category and a discount type, both required ('Choose category and discount type for
// search.'); the products on action of that type in that category (running and coming), with
// their discount and catalog stickers ('No search results, create action!' when none); the chosen
// actions end now or are extended to a new last day in bulk.
import { Button, Flex, Form, Image, Modal, Select, Space, Tag, Typography, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ColorTag } from '../../components/ColorTag'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { DayPicker } from '../../components/DayPicker'
import { ListPage } from '../../components/ListPage'
import { useListParams } from '../../components/useListParams'
import { applyServerErrors } from '../../forms/serverErrors'
import { useCategoriesLookup } from '../../hooks/api/categories'
import { useDiscountTypesLookup } from '../../hooks/api/discountTypes'
import { useActions, useEndActions, useExtendActions, type ActionRow } from '../../hooks/api/discounts'
import { day, percent, rsd } from '../product-detail/display'

export function ActionsPage() {
  const { t } = useTranslation()
  const [params] = useListParams()
  const categories = useCategoriesLookup()
  const types = useDiscountTypesLookup()
  const [categoryId, setCategoryId] = useState<number | undefined>()
  const [typeId, setTypeId] = useState<number | undefined>()
  const [searched, setSearched] = useState<{ category_id: number; discount_type_id: number } | null>(null)
  const [missing, setMissing] = useState(false)
  const [chosen, setChosen] = useState<number[]>([])
  const [ending, setEnding] = useState(false)
  const [extending, setExtending] = useState(false)
  const end = useEndActions()
  const actions = useActions(searched ? { ...searched, page: params.page, paginate: params.paginate } : null)
  const l = (k: string, o?: Record<string, unknown>) => t(`discounts.actions.${k}`, o ?? {})

  const search = () => {
    setChosen([])
    if (!categoryId || !typeId) {
      setMissing(true)
      setSearched(null)
      return
    }
    setMissing(false)
    setSearched({ category_id: categoryId, discount_type_id: typeId })
  }

  const columns: TableProps<ActionRow>['columns'] = [
    { key: 'sku', title: l('sku'), render: (_, a) => a.product.sku, width: 120 },
    { key: 'name', title: l('name'), render: (_, a) => a.product.name },
    { key: 'web', title: l('webPrice'), render: (_, a) => rsd(a.product.web_price), width: 140 },
    {
      key: 'discount',
      title: l('discount'),
      render: (_, a) => (
        <Space>
          <ColorTag color={a.type?.color}>{a.type?.name}</ColorTag>
          {a.percentage !== null ? percent(a.percentage) : rsd(a.price)}
        </Space>
      ),
    },
    { key: 'from', title: l('from'), render: (_, a) => day(a.from), width: 110 },
    { key: 'to', title: l('to'), render: (_, a) => day(a.to), width: 110 },
    {
      key: 'stickers',
      title: l('stickers'),
      render: (_, a) => (
        <Space wrap>
          {a.catalog_stickers.map((s) =>
            s.sticker ? (
              <Image key={s.id} src={s.sticker} alt={s.catalog_sticker_type_name} title={s.catalog_sticker_type_name} width={40} preview={false} />
            ) : (
              <Tag key={s.id}>{s.catalog_sticker_type_name}</Tag>
            ),
          )}
        </Space>
      ),
    },
  ]

  const empty = missing || !searched ? l('chooseBoth') : l('empty')
  return (
    <>
      <ListPage<ActionRow>
        title={l('title')}
        searchable={false}
        toolbar={
          <Flex gap={8} wrap align="center">
            <Select
              showSearch
              allowClear
              optionFilterProp="label"
              placeholder={l('category')}
              aria-label={l('category')}
              style={{ width: 260 }}
              value={categoryId}
              onChange={setCategoryId}
              options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
            <Select
              allowClear
              placeholder={l('type')}
              aria-label={l('type')}
              style={{ width: 200 }}
              value={typeId}
              onChange={setTypeId}
              options={(types.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
            />
            <Button type="primary" onClick={search}>
              {l('search')}
            </Button>
            <Button disabled={chosen.length === 0} onClick={() => setEnding(true)}>
              {l('end')}
            </Button>
            <Button disabled={chosen.length === 0} onClick={() => setExtending(true)}>
              {l('extend')}
            </Button>
            {chosen.length > 0 && <Typography.Text>{l('chosen', { count: chosen.length })}</Typography.Text>}
          </Flex>
        }
        emptyText={<span role="status">{empty}</span>}
        rowKey="id"
        columns={columns}
        rows={searched ? actions.data?.data : []}
        meta={searched ? actions.data?.meta : undefined}
        loading={!!searched && actions.isFetching}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as number[]) }}
      />
      <ConfirmDialog
        open={ending}
        danger
        busy={end.isPending}
        title={l('endTitle')}
        onCancel={() => setEnding(false)}
        onConfirm={() =>
          end.mutate(chosen, {
            onSuccess: () => setChosen([]),
            onSettled: () => setEnding(false),
          })
        }
      >
        {l('endText')}
      </ConfirmDialog>
      {extending && (
        <ExtendDialog
          ids={chosen}
          onDone={() => {
            setChosen([])
            setExtending(false)
          }}
          onCancel={() => setExtending(false)}
        />
      )}
    </>
  )
}

function ExtendDialog({ ids, onDone, onCancel }: { ids: number[]; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ to?: string }>()
  const extend = useExtendActions()
  const label = t('discounts.actions.extendTo')
  return (
    <Modal
      open
      title={t('discounts.actions.extendTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      confirmLoading={extend.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={async (v) => {
          try {
            await extend.mutateAsync({ ids, to: v.to ?? '' })
            onDone()
          } catch (err) {
            applyServerErrors(form, err)
          }
        }}
      >
        <Form.Item name="to" label={label} rules={[{ required: true, message: t('discounts.tab.toRequired') }]}>
          <DayPicker placeholder="DD.MM.YYYY" aria-label={label} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
