// Landing page create and edit (spec 2.7). Create: 'Izaberi raspored' (each model's image with a
// radio button, 'Izaberi'), then the layout's form; edit loads the page and shows its model's
// form. Layout 1: 'Izaberi Akciju' (a catalog sticker type by its image), name, the action's
// header image, top description, card1, products, 'Pogledaj sve proizvode' link, bottom
// description, 'Napravi'. Layout 2: name, banner ('Izaberi sliku'), top description, card1-4,
// products, link, bottom description. Layout 3: name, banner, top description, 'Dodaj
// kategorije' (search, chips with X, 'Save'), bottom description. Sent as multipart (spec 7).
import { Button, Card, Checkbox, Empty, Flex, Form, Image, Input, Modal, Radio, Select, Skeleton, Tag, Typography, Upload } from 'antd'
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { ApiError } from '../../api/client'
import type { RichTextEditorProps } from '../../components/RichTextEditor'
import { usePageTitle } from '../../components/usePageTitle'
import { useCatalogStickerTypesLookup } from '../../hooks/api/catalogStickerTypes'
import {
  type LandingFormValues,
  type LandingPage,
  searchCategories,
  searchProducts,
  useCreateLandingPage,
  useLandingModels,
  useLandingPage,
  useUpdateLandingPage,
} from '../../hooks/api/landingPages'
import { toast } from '../../notify'
import { screens } from '../../screens'

const RichTextEditor = lazy(() => import('../../components/RichTextEditor'))

/** Editor: the lazily loaded rich-text editor; Form.Item hands it value and onChange. */
function Editor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton.Input active block />}>
      <RichTextEditor {...props} />
    </Suspense>
  )
}

type Option = { value: number; label: string }

export function LandingCreatePage() {
  const { t } = useTranslation()
  usePageTitle(t('landing.createTitle'))
  const [model, setModel] = useState<number | null>(null)
  return model ? <LandingForm model={model} /> : <LayoutChooser onChoose={setModel} />
}

export function LandingEditPage() {
  const { t } = useTranslation()
  usePageTitle(t('landing.editTitle'))
  const id = Number(useParams().landingPageId)
  const page = useLandingPage(id)
  if (page.isPending) return <Skeleton active />
  if (!page.data) return <Empty description={t('common.noData')} />
  return <LandingForm model={page.data.landing_page_model_id ?? 1} page={page.data} />
}

export function LayoutChooser({ onChoose }: { onChoose: (id: number) => void }) {
  const { t } = useTranslation()
  const models = useLandingModels()
  const [picked, setPicked] = useState<number>()
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('landing.chooseLayout')}
      </Typography.Title>
      {models.isPending ? (
        <Skeleton active />
      ) : (
        <Radio.Group value={picked} onChange={(e) => setPicked(e.target.value as number)}>
          <Flex gap={16} wrap>
            {(models.data ?? []).map((m) => (
              <Card key={m.id} size="small" style={{ width: 180 }} cover={<img src={m.image} alt={m.name} style={{ padding: 8 }} />}>
                <Radio value={m.id} aria-label={m.name}>
                  {m.name}
                </Radio>
              </Card>
            ))}
          </Flex>
        </Radio.Group>
      )}
      <div>
        <Button type="primary" disabled={!picked} onClick={() => picked && onChoose(picked)}>
          {t('landing.choose')}
        </Button>
      </div>
    </Flex>
  )
}

interface FormShape {
  name: string
  catalog_sticker_type_id?: number
  top_description?: string
  bottom_description?: string
  card1?: string
  card2?: string
  card3?: string
  card4?: string
  products_ids?: number[]
  link?: string
}

export function LandingForm({ model, page }: { model: number; page?: LandingPage }) {
  const { t } = useTranslation()
  const l = (k: string, o?: Record<string, unknown>) => t(`landing.${k}`, o)
  const navigate = useNavigate()
  const [form] = Form.useForm<FormShape>()
  const create = useCreateLandingPage()
  const update = useUpdateLandingPage()
  const stickers = useCatalogStickerTypesLookup()
  const [banner, setBanner] = useState<File>()
  const [productOptions, setProductOptions] = useState<Option[]>(() => (page?.products ?? []).map((p) => ({ value: p.id!, label: `${p.name} (${p.sku})` })))
  const [categoryLabels, setCategoryLabels] = useState<Record<number, string>>(() =>
    Object.fromEntries((page?.categories_ids ?? []).map((c) => [c.id!, c.name])),
  )
  const [picking, setPicking] = useState(false)
  const [categoryIds, setCategoryIds] = useState<number[]>(() => (page?.categories_ids ?? []).map((c) => c.id!))
  // errors of the fields kept outside antd's form (the banner file, the category chips)
  const [outside, setOutside] = useState<{ banner?: string; categories_ids?: string }>({})
  const stickerId = Form.useWatch('catalog_sticker_type_id', form)
  const sticker = useMemo(() => (stickers.data ?? []).find((s) => s.id === stickerId), [stickers.data, stickerId])
  const usesProducts = model === 1 || model === 2
  const cards = model === 1 ? 1 : model === 2 ? 4 : 0

  useEffect(() => {
    if (!page) return
    form.setFieldsValue({
      name: page.name,
      catalog_sticker_type_id: page.catalog_sticker_type_id ?? undefined,
      top_description: page.top_description,
      bottom_description: page.bottom_description,
      card1: page.card1,
      card2: page.card2,
      card3: page.card3,
      card4: page.card4,
      products_ids: (page.products ?? []).map((p) => p.id!),
      link: page.link,
    })
  }, [page, form])

  const submit = (v: FormShape) => {
    if (model === 3 && categoryIds.length === 0) {
      setOutside((o) => ({ ...o, categories_ids: l('required') }))
      return
    }
    const values: LandingFormValues = { ...v, name: v.name, landing_page_model_id: model, banner, categories_ids: model === 3 ? categoryIds : [] }
    for (const k of ['top_description', 'bottom_description', 'card1', 'card2', 'card3', 'card4', 'link'] as const) values[k] = v[k] ?? ''
    const done = { onSuccess: () => navigate(screens.landingPages.path), onError: (err: unknown) => fail(err) }
    if (page?.id) update.mutate({ id: page.id, values }, done)
    else create.mutate(values, done)
  }
  const fail = (err: unknown) => {
    if (!(err instanceof ApiError) || err.status !== 422) return
    const { banner: b, categories_ids: c, ...rest } = err.fields
    setOutside({ banner: b, categories_ids: c })
    form.setFields(Object.entries(rest).map(([name, msg]) => ({ name: name as keyof FormShape, errors: [msg] })))
    toast({ type: 'danger', message: err.message })
  }
  const onProductSearch = async (q: string) => {
    const found = await searchProducts(q).catch(() => [])
    setProductOptions((old) => {
      const chosen = new Set<number>(form.getFieldValue('products_ids') ?? [])
      return [...old.filter((o) => chosen.has(o.value)), ...found.filter((f) => !chosen.has(f.value))]
    })
  }
  const editor = (name: keyof FormShape, label: string, withImage = false) => (
    <Form.Item name={name} label={label} htmlFor={`landing-${name}`}>
      <Editor id={`landing-${name}`} aria-label={label} withImage={withImage} />
    </Form.Item>
  )

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {page ? l('editTitle') : l('createTitle')} · {l('layout', { n: model })}
      </Typography.Title>
      <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 900 }}>
        {model === 1 && (
          <Form.Item name="catalog_sticker_type_id" label={l('chooseAction')} rules={[{ required: true, message: t('stickerTypes.nameRequired') }]}>
            <Radio.Group>
              <Flex gap={12} wrap>
                {(stickers.data ?? []).length === 0 && <Typography.Text type="secondary">{l('noActions')}</Typography.Text>}
                {(stickers.data ?? []).map((s) => (
                  <Radio key={s.id} value={s.id} aria-label={s.name}>
                    <Flex vertical align="center">
                      {s.sticker ? <img src={s.sticker} alt={s.name} height={40} /> : null}
                      <span>{s.name}</span>
                    </Flex>
                  </Radio>
                ))}
              </Flex>
            </Radio.Group>
          </Form.Item>
        )}
        <Form.Item name="name" label={l('name')} rules={[{ required: true, whitespace: true, message: l('required') }]}>
          <Input aria-label={l('name')} maxLength={255} />
        </Form.Item>
        {model === 1 && sticker?.desktop_image && (
          <Form.Item label={l('headerImage')}>
            <Image src={sticker.desktop_image} alt={sticker.name} style={{ maxHeight: 160 }} />
          </Form.Item>
        )}
        {model !== 1 && (
          <Form.Item label={l('bannerLabel')} required={!page?.banner} validateStatus={outside.banner ? 'error' : undefined} help={outside.banner}>
            <Flex vertical gap={8}>
              {page?.banner && !banner && <Image src={page.banner} alt={l('bannerLabel')} style={{ maxHeight: 160 }} />}
              <Upload
                accept="image/jpeg,image/png,image/webp"
                maxCount={1}
                beforeUpload={(f) => {
                  setBanner(f)
                  setOutside((o) => ({ ...o, banner: undefined }))
                  return false
                }}
                onRemove={() => setBanner(undefined)}
              >
                <Button>{l('banner')}</Button>
              </Upload>
            </Flex>
          </Form.Item>
        )}
        {editor('top_description', l('topDescription'))}
        {Array.from({ length: cards }, (_, i) => (
          <div key={i}>{editor(`card${i + 1}` as keyof FormShape, l('card', { n: i + 1 }), true)}</div>
        ))}
        {usesProducts && (
          <Form.Item name="products_ids" label={l('products')}>
            <Select
              mode="multiple"
              aria-label={l('products')}
              placeholder={l('productsSearch')}
              showSearch
              filterOption={false}
              onSearch={(q) => void onProductSearch(q)}
              onFocus={() => void onProductSearch('')}
              options={productOptions}
            />
          </Form.Item>
        )}
        {usesProducts && (
          <Form.Item name="link" label={model === 1 ? l('seeAll') : l('link')}>
            <Input aria-label={model === 1 ? l('seeAll') : l('link')} maxLength={2048} />
          </Form.Item>
        )}
        {model === 3 && (
          <Form.Item label={l('addCategories')} required validateStatus={outside.categories_ids ? 'error' : undefined} help={outside.categories_ids}>
            <Flex vertical gap={8}>
              <Flex gap={4} wrap>
                {categoryIds.map((id) => (
                  <Tag key={id} closable onClose={() => setCategoryIds(categoryIds.filter((c) => c !== id))}>
                    {categoryLabels[id] ?? id}
                  </Tag>
                ))}
              </Flex>
              <div>
                <Button onClick={() => setPicking(true)}>{l('addCategories')}</Button>
              </div>
            </Flex>
          </Form.Item>
        )}
        {editor('bottom_description', l('bottomDescription'))}
        <Flex gap={8}>
          <Button onClick={() => navigate(screens.landingPages.path)}>{l('back')}</Button>
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
            {page ? l('update') : l('create')}
          </Button>
        </Flex>
      </Form>
      {picking && (
        <CategoryPicker
          chosen={categoryIds}
          onClose={() => setPicking(false)}
          onSave={(ids, labels) => {
            setCategoryLabels((old) => ({ ...old, ...labels }))
            setCategoryIds(ids)
            setOutside((o) => ({ ...o, categories_ids: undefined }))
            setPicking(false)
          }}
        />
      )}
    </Flex>
  )
}

/** CategoryPicker: 'Dodaj kategorije' with a search, the chosen ones as chips with an X, 'Save'. */
function CategoryPicker({ chosen, onClose, onSave }: { chosen: number[]; onClose: () => void; onSave: (ids: number[], labels: Record<number, string>) => void }) {
  const { t } = useTranslation()
  const l = (k: string) => t(`landing.${k}`)
  const [search, setSearch] = useState('')
  const [options, setOptions] = useState<Option[]>([])
  const [picked, setPicked] = useState<number[]>(chosen)
  const [labels, setLabels] = useState<Record<number, string>>({})
  useEffect(() => {
    const timer = setTimeout(() => {
      void searchCategories(search)
        .then((found) => {
          setOptions(found)
          setLabels((old) => ({ ...old, ...Object.fromEntries(found.map((o) => [o.value, o.label])) }))
        })
        .catch(() => setOptions([]))
    }, 500)
    return () => clearTimeout(timer)
  }, [search])
  return (
    <Modal open title={l('addCategories')} okText={l('save')} cancelText={l('back')} onCancel={onClose} onOk={() => onSave(picked, labels)}>
      <Flex vertical gap={8}>
        <Input aria-label={l('categoriesSearch')} placeholder={l('categoriesSearch')} value={search} onChange={(e) => setSearch(e.target.value)} />
        <Flex gap={4} wrap>
          {picked.map((id) => (
            <Tag key={id} closable onClose={() => setPicked((p) => p.filter((x) => x !== id))}>
              {labels[id] ?? id}
            </Tag>
          ))}
        </Flex>
        <Flex vertical style={{ maxHeight: 300, overflow: 'auto' }}>
          {options.map((o) => (
            <Checkbox
              key={o.value}
              checked={picked.includes(o.value)}
              onChange={(e) => setPicked((p) => (e.target.checked ? [...p, o.value] : p.filter((x) => x !== o.value)))}
            >
              {o.label}
            </Checkbox>
          ))}
        </Flex>
      </Flex>
    </Modal>
  )
}
