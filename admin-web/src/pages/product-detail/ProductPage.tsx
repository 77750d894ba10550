// Add product and the product detail (catalogue spec 2, "Product create and edit form").
// Create: tabs Data and Images in one form; saving posts the product (its id comes back under
// data.product.id), then uploads the main image and the extra images, then opens the detail.
// Detail: tabs Data, Actions, Attributes, Images, Sticker, Catalog sticker, each at its own address
// (/proizvodi/{id}, …/atributi, …/slike, …/nalepnica, …/katalog-nalepnica) and behind its own
// permission.
import { Button, Card, Flex, Form, Result, Tabs, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useParams } from 'react-router'
import type { ProductDetail } from '../../api/catalogTypes'
import { Loading } from '../../auth/guards'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { usePageTitle } from '../../components/usePageTitle'
import { applyServerErrors } from '../../forms/serverErrors'
import { useProduct, useCreateProduct, useUpdateProduct, useUploadImages, useUploadMainImage } from '../../hooks/api/productDetail'
import { useMe } from '../../hooks/api/session'
import { screens } from '../../screens'
import { ProductAttributesTab } from './ProductAttributesTab'
import { ProductCatalogStickersTab } from './ProductCatalogStickersTab'
import { ProductDiscountsTab } from './ProductDiscountsTab'
import { ProductFields } from './ProductFields'
import { LocalImages, ProductImagesTab, type ChosenImages } from './ProductImages'
import { emptyProduct, fromProduct, toProductBody, type ProductValues } from './productMapping'
import { ProductStickerTab } from './ProductStickerTab'
import { productTabs, tabOfPath, tabPath, type ProductTab } from './productTabs'

/** ProductCreatePage: the add-product screen. */
export function ProductCreatePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { data: me } = useMe()
  const [form] = Form.useForm<ProductValues>()
  const [tab, setTab] = useState<ProductTab>('data')
  const [images, setImages] = useState<ChosenImages>({ main: null, extra: [] })
  const [leaving, setLeaving] = useState(false)
  const create = useCreateProduct()
  const uploadMain = useUploadMainImage()
  const uploadExtra = useUploadImages()
  const title = t('catalogAdmin.product.addTitle')
  usePageTitle(title)
  const tabs = productTabs(me, true)

  const submit = async (values: ProductValues) => {
    let id: number | undefined
    try {
      const res = await create.mutateAsync(toProductBody(values, true))
      id = res.data?.product?.id
    } catch (err) {
      if (applyServerErrors(form, err).length > 0) setTab('data')
      return
    }
    if (!id) return
    // the product exists now: an image that fails is reported (toast) and can be added on the detail
    await Promise.allSettled([
      images.main ? uploadMain.mutateAsync({ id, file: images.main }) : Promise.resolve(),
      images.extra.length ? uploadExtra.mutateAsync({ id, files: images.extra }) : Promise.resolve(),
    ])
    navigate(tabPath('data', id), { replace: true })
  }

  const busy = create.isPending || uploadMain.isPending || uploadExtra.isPending
  const back = () => navigate(screens.products.path)
  return (
    <Card title={<Typography.Title level={3} style={{ margin: 0 }}>{title}</Typography.Title>}>
      <Form<ProductValues>
        form={form}
        layout="vertical"
        initialValues={emptyProduct}
        onFinish={submit}
        onFinishFailed={() => setTab('data')}
        style={{ maxWidth: 960 }}
      >
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as ProductTab)}
          items={tabs.map((d) => ({
            key: d.key,
            label: t(d.label),
            forceRender: d.key === 'data',
            children: d.key === 'data' ? <ProductFields creating /> : <LocalImages value={images} onChange={setImages} />,
          }))}
        />
        <Flex gap={8} style={{ marginTop: 24 }}>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('common.save')}
          </Button>
          <Button onClick={() => (form.isFieldsTouched() || images.main || images.extra.length ? setLeaving(true) : back())}>{t('common.cancel')}</Button>
        </Flex>
      </Form>
      <ConfirmDialog open={leaving} title={t('catalogAdmin.common.discardTitle')} onConfirm={back} onCancel={() => setLeaving(false)}>
        {t('catalogAdmin.common.discardText')}
      </ConfirmDialog>
    </Card>
  )
}

/** ProductNotFound: catalogue spec 8, a product that does not exist or failed to load. */
export function ProductNotFound() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Result
      status="404"
      title={t('catalogAdmin.product.notFound')}
      extra={<Button onClick={() => navigate(screens.products.path)}>{t('catalogAdmin.product.backToList')}</Button>}
    />
  )
}

/** ProductEditPage: the product of :productId with its tabs. */
export function ProductEditPage() {
  const { productId } = useParams()
  const id = Number(productId)
  const valid = Number.isInteger(id) && id > 0
  const product = useProduct(valid ? id : 0)
  if (!valid || product.isError) return <ProductNotFound />
  if (product.isPending) return <Loading />
  // a 200 always carries data; without it the product is as good as missing
  if (!product.data) return <ProductNotFound />
  return <ProductDetailView product={product.data} />
}

function ProductDetailView({ product }: { product: ProductDetail }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const { data: me } = useMe()
  const tabs = productTabs(me, false)
  const wanted = tabOfPath(location.pathname)
  const active = tabs.some((d) => d.key === wanted) ? wanted : 'data'
  const title = t('catalogAdmin.product.editTitle', { name: product.name, sku: product.sku })
  usePageTitle(product.name)

  const content = (key: ProductTab) => {
    switch (key) {
      case 'data':
        return <ProductDataForm product={product} />
      case 'discounts':
        return <ProductDiscountsTab id={product.id} />
      case 'attributes':
        return <ProductAttributesTab id={product.id} />
      case 'images':
        return <ProductImagesTab id={product.id} mainImage={product.main_image} />
      case 'sticker':
        return <ProductStickerTab id={product.id} sticker={product.energy_value_sticker} />
      case 'catalogSticker':
        return <ProductCatalogStickersTab id={product.id} />
    }
  }

  return (
    <Card title={<Typography.Title level={3} style={{ margin: 0 }}>{title}</Typography.Title>}>
      <Tabs
        activeKey={active}
        onChange={(k) => navigate(tabPath(k as ProductTab, product.id))}
        destroyOnHidden
        items={tabs.map((d) => ({ key: d.key, label: t(d.label), children: d.key === active ? content(d.key) : null }))}
      />
    </Card>
  )
}

/** ProductDataForm: the Data tab of a saved product (no sku; prices read-only). */
function ProductDataForm({ product }: { product: ProductDetail }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [form] = Form.useForm<ProductValues>()
  const update = useUpdateProduct(product.id)
  const submit = async (values: ProductValues) => {
    try {
      await update.mutateAsync(toProductBody(values, false))
    } catch (err) {
      applyServerErrors(form, err)
    }
  }
  return (
    <Form<ProductValues> form={form} layout="vertical" initialValues={fromProduct(product)} onFinish={submit} style={{ maxWidth: 960 }}>
      <Typography.Paragraph type="secondary">{t('catalogAdmin.product.skuIs', { sku: product.sku })}</Typography.Paragraph>
      <ProductFields creating={false} product={product} />
      <Flex gap={8} style={{ marginTop: 24 }}>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('common.save')}
        </Button>
        <Button onClick={() => navigate(screens.products.path)}>{t('catalogAdmin.product.backToList')}</Button>
      </Flex>
    </Form>
  )
}
