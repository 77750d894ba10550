// The product's catalog stickers (Katalog nalepnica): the stickers it has (type, image, from,
// to, active) with delete, and a form to add one: type, start and end day, active.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Card, Flex, Form, Image, Switch, Table, Tag, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProductCatalogSticker } from '../../api/catalogTypes'
import type { CatalogStickerType } from '../../api/catalogTypes'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { DayPicker } from '../../components/DayPicker'
import { SearchableSelect } from '../../components/SearchableSelect'
import { catalogStickerTypeSearch, useCatalogStickerTypesLookup } from '../../hooks/api/catalogStickerTypes'
import { applyServerErrors } from '../../forms/serverErrors'
import { useAddCatalogSticker, useDeleteCatalogSticker, useProductCatalogStickers, type CatalogStickerBody } from '../../hooks/api/productDetail'
import { day } from './display'
import { catalogStickerRules } from './productRules'
import { ScrollX } from '../../components/ScrollX'
import { useNarrow } from '../../layout/useNarrow'

interface StickerValues {
  catalog_sticker_type_id?: number
  /** YYYY-MM-DD (DayPicker) */
  from?: string
  to?: string
  active: boolean
}

const typeOption = (x: CatalogStickerType) => ({ value: x.id, label: x.name })

/** toCatalogStickerBody: the form's values as POST admin/products/{id}/catalog-stickers takes them. */
export function toCatalogStickerBody(v: StickerValues): CatalogStickerBody {
  return {
    catalog_sticker_type_id: Number(v.catalog_sticker_type_id),
    from: v.from ?? '',
    to: v.to ?? '',
    active: !!v.active,
  }
}

export function ProductCatalogStickersTab({ id }: { id: number }) {
  const { t } = useTranslation()
  // on a phone the fields stack: label, picker and dates side by side are wider than the screen
  const phone = useNarrow(600)
  const [form] = Form.useForm<StickerValues>()
  const stickers = useProductCatalogStickers(id)
  const types = useCatalogStickerTypesLookup()
  const add = useAddCatalogSticker(id)
  const remove = useDeleteCatalogSticker(id)
  const [deleting, setDeleting] = useState<number | null>(null)
  const rules = catalogStickerRules(t)
  const typeName = (s: ProductCatalogSticker) =>
    s.catalog_sticker_type_name ?? types.data?.find((x) => x.id === s.catalog_sticker_type_id)?.name ?? String(s.catalog_sticker_type_id)

  const columns: TableProps<ProductCatalogSticker>['columns'] = [
    {
      key: 'sticker',
      title: t('catalogAdmin.sticker.image'),
      width: 100,
      render: (_, s) => {
        const src = s.sticker || types.data?.find((x) => x.id === s.catalog_sticker_type_id)?.sticker
        return src ? <Image src={src} width={64} alt={types.data?.find((x) => x.id === s.catalog_sticker_type_id)?.name ?? t('catalogAdmin.sticker.image')} /> : null
      },
    },
    { key: 'type', title: t('catalogAdmin.sticker.type'), render: (_, s) => typeName(s) },
    { key: 'from', title: t('catalogAdmin.sticker.from'), render: (_, s) => day(s.from) },
    { key: 'to', title: t('catalogAdmin.sticker.to'), render: (_, s) => day(s.to) },
    {
      key: 'active',
      title: t('catalogAdmin.common.active'),
      render: (_, s) => ((s.active ?? s.sticker_active) ? <Tag color="green">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 90,
      render: (_, s) => (
        <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('catalogAdmin.common.delete')} onClick={() => setDeleting(s.id)} />
      ),
    },
  ]

  const submit = async (v: StickerValues) => {
    try {
      await add.mutateAsync(toCatalogStickerBody(v))
      form.resetFields()
    } catch (err) {
      applyServerErrors(form, err)
    }
  }

  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('catalogAdmin.sticker.addTitle')}>
        <Form<StickerValues> form={form} layout={phone ? 'vertical' : 'inline'} initialValues={{ active: true }} onFinish={submit} style={{ rowGap: 8, maxWidth: '100%' }}>
          <Form.Item name="catalog_sticker_type_id" label={t('catalogAdmin.sticker.type')} rules={rules.catalog_sticker_type_id}>
            <SearchableSelect<CatalogStickerType>
              source={catalogStickerTypeSearch}
              toOption={typeOption}
              known={types.data}
              style={{ width: 220, maxWidth: '100%' }}
              notFound={t('catalogAdmin.common.noResult')}
              aria-label={t('catalogAdmin.sticker.type')}
            />
          </Form.Item>
          <Form.Item name="from" label={t('catalogAdmin.sticker.from')} rules={rules.from}>
            <DayPicker placeholder="DD.MM.YYYY" aria-label={t('catalogAdmin.sticker.from')} />
          </Form.Item>
          <Form.Item name="to" label={t('catalogAdmin.sticker.to')} rules={rules.to} dependencies={['from']}>
            <DayPicker placeholder="DD.MM.YYYY" aria-label={t('catalogAdmin.sticker.to')} />
          </Form.Item>
          <Form.Item name="active" label={t('catalogAdmin.common.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
              {t('catalogAdmin.common.add')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {/* wider than a phone: the table scrolls sideways, not the page */}
      <ScrollX>
        <Table<ProductCatalogSticker>
          rowKey="id"
          columns={columns}
          dataSource={stickers.data ?? []}
          loading={stickers.isPending}
          pagination={false}
          locale={{ emptyText: t('common.noData') }}
        />
      </ScrollX>
      <ConfirmDialog
        open={deleting !== null}
        danger
        busy={remove.isPending}
        title={t('catalogAdmin.sticker.deleteTitle')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting !== null && remove.mutate(deleting, { onSettled: () => setDeleting(null) })}
      />
    </Flex>
  )
}
