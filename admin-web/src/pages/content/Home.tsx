// The home screen (update-home-page, module Home): its products and its categories (ordered
// lists: add with the picker, move up or down, remove, Save) and its sections (list, add, edit
// with name 2-255, order, desktop and mobile flags, products and categories, delete).
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { Button, Card, Checkbox, Flex, Form, Input, InputNumber, List, Space, Typography } from 'antd'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { NotFound } from '../../components/NotFound'
import { SearchableSelect } from '../../components/SearchableSelect'
import { SimpleTable } from '../../components/SimpleTable'
import { usePageTitle } from '../../components/usePageTitle'
import { categorySearch, useCategoriesLookup } from '../../hooks/api/categories'
import {
  type AdminSection,
  type SectionValues,
  contentProductSearch,
  useDeleteSection,
  useHomeCategories,
  useHomeProducts,
  useSaveSection,
  useSection,
  useSections,
  useSetHomeCategories,
  useSetHomeProducts,
} from '../../hooks/api/content'
import { RuleFormShell } from '../pricing-rules/RuleFormShell'
import { isNotFound } from './util'

export const SECTIONS_PATH = '/naslovna/sekcije'

interface Item {
  id: number
  label: string
}

/** move: the list with the item at i moved by d (−1 up, +1 down). */
export function move<T>(xs: T[], i: number, d: number): T[] {
  const j = i + d
  if (j < 0 || j >= xs.length) return xs
  const out = xs.slice()
  ;[out[i], out[j]] = [out[j], out[i]]
  return out
}

function OrderedList({
  title,
  loaded,
  picker,
  busy,
  onSave,
}: {
  title: string
  loaded: Item[] | undefined
  picker: (add: (item: Item) => void, chosen: number[]) => ReactNode
  busy: boolean
  onSave: (ids: number[]) => Promise<unknown>
}) {
  const { t } = useTranslation()
  const [items, setItems] = useState<Item[]>([])
  usePageTitle(title)
  useEffect(() => {
    if (loaded) setItems(loaded)
  }, [loaded])
  const l = (k: string) => t(`content.home.${k}`)
  return (
    <Card title={<Typography.Title level={3} style={{ margin: 0 }}>{title}</Typography.Title>}>
      <Flex vertical gap={16} style={{ maxWidth: 720 }}>
        {picker((it) => setItems((xs) => (xs.some((x) => x.id === it.id) ? xs : [...xs, it])), items.map((i) => i.id))}
        <List
          bordered
          locale={{ emptyText: t('content.empty') }}
          dataSource={items}
          renderItem={(it, i) => (
            <List.Item
              actions={[
                <Button key="up" size="small" icon={<ArrowUpOutlined />} aria-label={l('up')} disabled={i === 0} onClick={() => setItems((xs) => move(xs, i, -1))} />,
                <Button key="down" size="small" icon={<ArrowDownOutlined />} aria-label={l('down')} disabled={i === items.length - 1} onClick={() => setItems((xs) => move(xs, i, 1))} />,
                <Button key="rm" size="small" danger icon={<DeleteOutlined />} aria-label={l('remove')} onClick={() => setItems((xs) => xs.filter((x) => x.id !== it.id))} />,
              ]}
            >
              {i + 1}. {it.label}
            </List.Item>
          )}
        />
        <div>
          <Button type="primary" loading={busy} onClick={() => void onSave(items.map((i) => i.id)).catch(() => undefined)}>
            {t('common.save')}
          </Button>
        </div>
      </Flex>
    </Card>
  )
}

export function HomeProductsPage() {
  const { t } = useTranslation()
  const list = useHomeProducts()
  const save = useSetHomeProducts()
  const qc = useQueryClient()
  const loaded = useMemo(() => list.data?.map((p) => ({ id: p.id!, label: `${p.sku} – ${p.name}` })), [list.data])
  return (
    <OrderedList
      title={t('nav.homeProducts')}
      loaded={loaded}
      busy={save.isPending}
      onSave={(ids) => save.mutateAsync(ids)}
      picker={(add) => (
        <SearchableSelect
          source={contentProductSearch}
          toOption={(p: { id: number; name: string; sku: string }) => ({ value: p.id, label: `${p.sku} – ${p.name}` })}
          placeholder={t('content.home.addProduct')}
          aria-label={t('content.home.addProduct')}
          value={undefined}
          onChange={(v) => v && add({ id: v, label: pickedProductLabel(qc, v) })}
        />
      )}
    />
  )
}

/** pickedProductLabel: the chosen product's "SKU – name", from the picker's cached pages. */
export function pickedProductLabel(qc: QueryClient, id: number): string {
  for (const [, rows] of qc.getQueriesData<{ id: number; name: string; sku: string }[]>({ queryKey: ['products', 'content-picker'] })) {
    const p = rows?.find((r) => r.id === id)
    if (p) return `${p.sku} – ${p.name}`
  }
  return `#${id}`
}

export function HomeCategoriesPage() {
  const { t } = useTranslation()
  const list = useHomeCategories()
  const save = useSetHomeCategories()
  const lookup = useCategoriesLookup()
  const loaded = useMemo(() => list.data?.map((c) => ({ id: c.id!, label: c.name! })), [list.data])
  const nameOf = (id: number) => lookup.data?.find((c) => c.id === id)?.name ?? `#${id}`
  return (
    <OrderedList
      title={t('nav.homeCategories')}
      loaded={loaded}
      busy={save.isPending}
      onSave={(ids) => save.mutateAsync(ids)}
      picker={(add) => (
        <SearchableSelect
          source={categorySearch}
          known={lookup.data}
          toOption={(c) => ({ value: c.id, label: c.name })}
          placeholder={t('content.home.addCategory')}
          aria-label={t('content.home.addCategory')}
          value={undefined}
          onChange={(v) => v && add({ id: v, label: nameOf(v) })}
        />
      )}
    />
  )
}

export function SectionList() {
  const { t } = useTranslation()
  const list = useSections()
  const remove = useDeleteSection()
  const [deleting, setDeleting] = useState<AdminSection | null>(null)
  const l = (k: string, o?: Record<string, unknown>) => t(`content.section.${k}`, o ?? {})
  usePageTitle(t('nav.homeSections'))
  const yes = (v: boolean) => (v ? t('content.yes') : t('content.no'))
  return (
    <Card
      title={<Typography.Title level={3} style={{ margin: 0 }}>{t('nav.homeSections')}</Typography.Title>}
      extra={
        <Link to={`${SECTIONS_PATH}/dodaj`}>
          <Button type="primary" icon={<PlusOutlined />}>
            {l('add')}
          </Button>
        </Link>
      }
    >
      <SimpleTable<AdminSection>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        columns={[
          { key: 'order', dataIndex: 'order', title: l('order'), width: 80 },
          { key: 'name', dataIndex: 'name', title: l('name') },
          { key: 'products', title: l('products'), render: (_, s) => s.product_ids?.length, width: 100 },
          { key: 'categories', title: l('categories'), render: (_, s) => s.category_ids?.length, width: 110 },
          { key: 'desktop', title: l('desktop'), render: (_, s) => yes(!!s.show_desktop), width: 90 },
          { key: 'mobile', title: l('mobile'), render: (_, s) => yes(!!s.show_mobile), width: 90 },
          {
            key: 'actions',
            title: t('common.actions'),
            width: 110,
            render: (_, s) => (
              <Space>
                <Link to={`${SECTIONS_PATH}/${s.id}`} aria-label={t('common.edit')} title={t('common.edit')}>
                  <EditOutlined />
                </Link>
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={l('delete')} title={l('delete')} onClick={() => setDeleting(s)} />
              </Space>
            ),
          },
        ]}
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
    </Card>
  )
}

/** sectionNameRules: name required, 2-255 (spec 5). */
export function sectionNameRules(t: (k: string) => string) {
  return [
    { required: true, whitespace: true, message: t('content.required') },
    { min: 2, message: t('content.min2') },
    { max: 255, message: t('content.max255') },
  ]
}

function SectionForm({ section }: { section?: AdminSection }) {
  const { t } = useTranslation()
  const save = useSaveSection()
  const categories = useCategoriesLookup()
  const l = (k: string) => t(`content.section.${k}`)
  const initial: SectionValues = {
    name: section?.name ?? '',
    order: section?.order ?? null,
    show_desktop: section?.show_desktop ?? true,
    show_mobile: section?.show_mobile ?? true,
    product_ids: section?.product_ids ?? [],
    category_ids: section?.category_ids ?? [],
  }
  return (
    <RuleFormShell<SectionValues>
      title={section ? t('screens.homeSection') : t('screens.homeSectionAdd')}
      initial={initial}
      listPath={SECTIONS_PATH}
      busy={save.isPending}
      onSubmit={(values) => save.mutateAsync({ id: section?.id, values })}
    >
      <Form.Item name="name" label={l('name')} rules={sectionNameRules(t)}>
        <Input />
      </Form.Item>
      <Form.Item name="order" label={l('order')}>
        <InputNumber min={0} precision={0} />
      </Form.Item>
      <Form.Item name="show_desktop" valuePropName="checked">
        <Checkbox>{l('desktop')}</Checkbox>
      </Form.Item>
      <Form.Item name="show_mobile" valuePropName="checked">
        <Checkbox>{l('mobile')}</Checkbox>
      </Form.Item>
      <Form.Item name="product_ids" label={l('products')}>
        <SearchableSelect
          mode="multiple"
          source={contentProductSearch}
          known={(section?.products ?? []).map((p) => ({ id: p.id, name: p.name, sku: p.sku }) as never)}
          toOption={(p: { id: number; name: string; sku: string }) => ({ value: p.id, label: `${p.sku} – ${p.name}` })}
          aria-label={l('products')}
        />
      </Form.Item>
      <Form.Item name="category_ids" label={l('categories')}>
        <SearchableSelect mode="multiple" source={categorySearch} known={categories.data} toOption={(c) => ({ value: c.id, label: c.name })} aria-label={l('categories')} />
      </Form.Item>
    </RuleFormShell>
  )
}

export function SectionCreatePage() {
  return <SectionForm />
}

export function SectionEditPage() {
  const { sectionId } = useParams()
  const section = useSection(Number(sectionId))
  if (section.isError && isNotFound(section.error)) return <NotFound />
  if (!section.data) return null
  return <SectionForm section={section.data} />
}
