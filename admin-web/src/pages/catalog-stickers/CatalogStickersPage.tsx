// Catalog stickers (Katalog nalepnice): the actions (catalog sticker types) with their card
// sticker, header image, slug and dates, searchable and paged; staff with the Actions permission
// add and edit them (name 'Tip akcije je obavezan', start 'Početak akcije je obavezan', end
// 'Završetak akcije je obavezan', slug, images). Stickers are given to products on a product's
// 'Katalog nalepnica' tab or from the products list's mass menu.
import { EditOutlined } from '@ant-design/icons'
import { Button, Flex, Form, Image, Input, Modal, Upload, type TableProps } from 'antd'
import { Perm } from '@shop/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/client'
import { DayPicker } from '../../components/DayPicker'
import { PermissionGuard } from '../../components/PermissionGuard'
import { ListPage } from '../../components/ListPage'
import { useListParams } from '../../components/useListParams'
import { type StickerTypeRow, type StickerTypeValues, useSaveStickerType, useStickerTypeList } from '../../hooks/api/catalogStickerTypeAdmin'
import { formatDay } from '../../format'

const PAGE_SIZES = [20, 50, 100] as const

export function CatalogStickersPage() {
  const { t } = useTranslation()
  const l = (k: string) => t(`stickerTypes.${k}`)
  const [params] = useListParams(PAGE_SIZES)
  const list = useStickerTypeList({ page: params.page, paginate: params.paginate, search: params.search })
  const [editing, setEditing] = useState<StickerTypeRow | 'new' | null>(null)
  const columns: TableProps<StickerTypeRow>['columns'] = [
    { title: l('col.id'), dataIndex: 'id', key: 'id', width: 70 },
    {
      title: l('col.sticker'),
      key: 'sticker',
      width: 110,
      render: (_, r) => (r.sticker ? <Image src={r.sticker} alt={r.name} height={32} /> : null),
    },
    { title: l('col.name'), dataIndex: 'name', key: 'name' },
    { title: l('col.slug'), dataIndex: 'slug', key: 'slug' },
    { title: l('col.from'), key: 'from', render: (_, r) => formatDay(r.from) },
    { title: l('col.to'), key: 'to', render: (_, r) => formatDay(r.to) },
    { title: l('col.active'), key: 'active', render: (_, r) => (r.active_today ? l('yes') : l('no')) },
    {
      title: l('col.actions'),
      key: 'actions',
      width: 90,
      render: (_, r) => (
        <PermissionGuard permission={Perm.UpdateCatalogSticker}>
          <Button type="text" icon={<EditOutlined />} aria-label={`${l('edit')} ${r.name}`} onClick={() => setEditing(r)} />
        </PermissionGuard>
      ),
    },
  ]
  return (
    <>
      <ListPage<StickerTypeRow>
        title={l('title')}
        extra={
          <PermissionGuard permission={Perm.UpdateCatalogSticker}>
            <Button type="primary" onClick={() => setEditing('new')}>
              {l('add')}
            </Button>
          </PermissionGuard>
        }
        pageSizes={PAGE_SIZES}
        rowKey="id"
        columns={columns}
        rows={list.data?.data}
        meta={list.data?.meta}
        loading={list.isFetching}
      />
      {editing && <StickerTypeForm row={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </>
  )
}

interface Shape {
  name: string
  slug?: string
  from?: string
  to?: string
}

export function StickerTypeForm({ row, onClose }: { row?: StickerTypeRow; onClose: () => void }) {
  const { t } = useTranslation()
  const l = (k: string) => t(`stickerTypes.${k}`)
  const [form] = Form.useForm<Shape>()
  const save = useSaveStickerType()
  const [files, setFiles] = useState<{ sticker?: File; desktop_image?: File }>({})
  const [fileErrors, setFileErrors] = useState<Record<string, string>>({})
  const submit = (v: Shape) => {
    const values: StickerTypeValues = { name: v.name, slug: v.slug, from: v.from ?? '', to: v.to ?? '', ...files }
    save.mutate(
      { id: row?.id, values },
      {
        onSuccess: onClose,
        onError: (err) => {
          if (!(err instanceof ApiError) || err.status !== 422) return
          const { sticker, desktop_image, ...rest } = err.fields
          setFileErrors({ sticker, desktop_image })
          form.setFields(Object.entries(rest).map(([name, msg]) => ({ name: name as keyof Shape, errors: [msg] })))
        },
      },
    )
  }
  const upload = (field: 'sticker' | 'desktop_image', current?: string | null) => (
    <Form.Item label={l(field === 'sticker' ? 'sticker' : 'desktopImage')} validateStatus={fileErrors[field] ? 'error' : undefined} help={fileErrors[field]}>
      <Flex gap={8} align="center">
        {current && !files[field] ? <Image src={current} height={40} /> : null}
        <Upload
          accept="image/jpeg,image/png,image/webp"
          maxCount={1}
          beforeUpload={(f) => {
            setFiles((o) => ({ ...o, [field]: f }))
            return false
          }}
          onRemove={() => setFiles((o) => ({ ...o, [field]: undefined }))}
        >
          <Button>{l(field === 'sticker' ? 'sticker' : 'desktopImage')}</Button>
        </Upload>
      </Flex>
    </Form.Item>
  )
  return (
    <Modal
      open
      title={row ? l('edit') : l('add')}
      okText={l('save')}
      cancelText={l('cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ name: row?.name ?? '', slug: row?.slug ?? '', from: row?.from ?? undefined, to: row?.to ?? undefined }}>
        <Form.Item name="name" label={l('name')} rules={[{ required: true, whitespace: true, message: l('nameRequired') }]}>
          <Input aria-label={l('name')} maxLength={255} />
        </Form.Item>
        <Form.Item name="slug" label={l('slug')}>
          <Input aria-label={l('slug')} maxLength={255} />
        </Form.Item>
        <Flex gap={12}>
          <Form.Item name="from" label={l('from')} rules={[{ required: true, message: l('fromRequired') }]}>
            <DayPicker placeholder="DD.MM.YYYY" aria-label={l('from')} />
          </Form.Item>
          <Form.Item name="to" label={l('to')} rules={[{ required: true, message: l('toRequired') }]}>
            <DayPicker placeholder="DD.MM.YYYY" aria-label={l('to')} />
          </Form.Item>
        </Flex>
        {upload('sticker', row?.sticker)}
        {upload('desktop_image', row?.desktop_image)}
      </Form>
    </Modal>
  )
}
