// Banners: the list (any staff; by position, then order; filter by position), add and edit
// (create-banner, update-banner) with the desktop and mobile images, and delete after Da/Ne.
import { PlusOutlined } from '@ant-design/icons'
import { Button, Form, Input, InputNumber, Select, type TableProps } from 'antd'
import { Perm } from '@shop/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ListPage } from '../../components/ListPage'
import { RowActions } from '../../components/RowActions'
import { NotFound } from '../../components/NotFound'
import { SearchableSelect } from '../../components/SearchableSelect'
import { useListParams } from '../../components/useListParams'
import { brandSearch, useBrandsLookup } from '../../hooks/api/brands'
import { categorySearch, useCategoriesLookup } from '../../hooks/api/categories'
import {
  type AdminBanner,
  type BannerValues,
  contentProductSearch,
  useBanner,
  useBannerPositions,
  useBanners,
  useDeleteBanner,
  useSaveBanner,
} from '../../hooks/api/content'
import { RuleFormShell } from '../pricing-rules/RuleFormShell'
import { ImageField, imageTooLarge } from './ImageField'
import { isNotFound, useCan } from './util'

export const BANNERS_PATH = '/baneri'

export function BannerList() {
  const { t } = useTranslation()
  const [params] = useListParams()
  const [position, setPosition] = useState<string | undefined>()
  const list = useBanners({ page: params.page, paginate: params.paginate, search: params.search, position })
  const positions = useBannerPositions()
  const remove = useDeleteBanner()
  const can = useCan()
  const [deleting, setDeleting] = useState<AdminBanner | null>(null)
  const l = (k: string, o?: Record<string, unknown>) => t(`content.banner.${k}`, o ?? {})

  const columns: TableProps<AdminBanner>['columns'] = [
    { key: 'id', dataIndex: 'id', title: 'ID', width: 70 },
    {
      key: 'image',
      title: l('image'),
      width: 140,
      render: (_, b) => <img src={b.image_url} alt="" style={{ maxWidth: 120, maxHeight: 48, objectFit: 'contain' }} />,
    },
    { key: 'name', dataIndex: 'name', title: l('name') },
    { key: 'position', dataIndex: 'position_label', title: l('position') },
    { key: 'order', dataIndex: 'order', title: l('order'), width: 90 },
    { key: 'link', dataIndex: 'link', title: l('link'), render: (v: string | null) => v ?? '—' },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 110,
      render: (_, b) =>
        can(Perm.UpdateBanner) ? <RowActions editTo={`${BANNERS_PATH}/${b.id}`} deleteLabel={l('delete')} onDelete={() => setDeleting(b)} /> : null,
    },
  ]

  return (
    <>
      <ListPage<AdminBanner>
        title={l('title')}
        extra={
          can(Perm.CreateBanner) && (
            <Link to={`${BANNERS_PATH}/dodaj`}>
              <Button type="primary" icon={<PlusOutlined />}>
                {l('add')}
              </Button>
            </Link>
          )
        }
        toolbar={
          <Select
            allowClear
            aria-label={l('position')}
            placeholder={l('allPositions')}
            style={{ minWidth: 200 }}
            value={position}
            onChange={(v) => setPosition(v)}
            options={(positions.data ?? []).map((p) => ({ value: p.key, label: p.label }))}
          />
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
        title={l('deleteTitle')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id!, { onSettled: () => setDeleting(null) })}
      >
        {l('deleteText', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </>
  )
}

function BannerForm({ banner }: { banner?: AdminBanner }) {
  const { t } = useTranslation()
  const save = useSaveBanner()
  const positions = useBannerPositions()
  const brands = useBrandsLookup()
  const categories = useCategoriesLookup()
  const navigate = useNavigate()
  const l = (k: string) => t(`content.banner.${k}`)
  const required = { required: true, message: t('content.required') }
  const initial: BannerValues = {
    name: banner?.name ?? '',
    position: banner?.position,
    order: banner?.order ?? 0,
    link: banner?.link ?? '',
    category_id: banner?.category_id ?? undefined,
    brand_id: banner?.brand_id ?? undefined,
    product_ids: banner?.product_ids ?? [],
    image: null,
    mobile_image: null,
    remove_mobile_image: false,
  }
  const imageRule = { validator: (_: unknown, f: File | null) => (imageTooLarge(f) ? Promise.reject(new Error(t('content.imageTooLarge'))) : Promise.resolve()) }
  return (
    <RuleFormShell<BannerValues>
      title={banner ? t('screens.banner') : t('screens.bannerAdd')}
      initial={initial}
      listPath={BANNERS_PATH}
      busy={save.isPending}
      onSubmit={async (values) => {
        await save.mutateAsync({ id: banner?.id, values })
        navigate(BANNERS_PATH)
      }}
    >
      <Form.Item name="name" label={l('name')} rules={[{ ...required, whitespace: true }, { max: 255, message: t('content.max255') }]}>
        <Input />
      </Form.Item>
      <Form.Item name="position" label={l('position')} rules={[required]}>
        <Select options={(positions.data ?? []).map((p) => ({ value: p.key, label: p.label }))} />
      </Form.Item>
      <Form.Item name="order" label={l('order')}>
        <InputNumber min={0} precision={0} />
      </Form.Item>
      <Form.Item name="link" label={l('link')}>
        <Input placeholder="/akcije" />
      </Form.Item>
      <Form.Item name="category_id" label={l('category')}>
        <SearchableSelect source={categorySearch} known={categories.data} toOption={(c) => ({ value: c.id, label: c.name })} allowClear aria-label={l('category')} />
      </Form.Item>
      <Form.Item name="brand_id" label={l('brand')}>
        <SearchableSelect source={brandSearch} known={brands.data} toOption={(b) => ({ value: b.id, label: b.name })} allowClear aria-label={l('brand')} />
      </Form.Item>
      <Form.Item name="product_ids" label={l('products')}>
        <SearchableSelect
          mode="multiple"
          source={contentProductSearch}
          known={(banner?.products ?? []).map((p) => ({ id: p.id, name: p.name, sku: p.sku }) as never)}
          toOption={(p: { id: number; name: string; sku: string }) => ({ value: p.id, label: `${p.sku} – ${p.name}` })}
          aria-label={l('products')}
        />
      </Form.Item>
      <Form.Item name="image" label={l('image')} rules={[...(banner ? [] : [required]), imageRule]}>
        <ImageField current={banner?.image_url} aria-label={l('image')} />
      </Form.Item>
      <Form.Item name="mobile_image" label={l('mobileImage')} rules={[imageRule]}>
        <ImageField current={banner?.mobile_image_url} aria-label={l('mobileImage')} />
      </Form.Item>
    </RuleFormShell>
  )
}

export function BannerCreatePage() {
  return <BannerForm />
}

export function BannerEditPage() {
  const { bannerId } = useParams()
  const id = Number(bannerId)
  const banner = useBanner(id)
  if (banner.isError && isNotFound(banner.error)) return <NotFound />
  if (!banner.data) return null
  return <BannerForm banner={banner.data} />
}
