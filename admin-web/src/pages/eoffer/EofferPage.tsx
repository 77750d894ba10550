// The E Ponuda page (catalogue spec "Electronic-offer page"): two tabs, PROIZVODI (products
// visible on site that are not in the feed: admin/products?visible=1&active=1&eponuda=0) and
// E-PONUDA PROIZVODI (admin/eponuda-feed). Each: search, pagination, the filter panel and chips,
// a header 'send' button (disabled with nothing selected) that puts the selection in the feed or
// takes it out, the mass-action menu, columns select, sku, name (both link to the product),
// category, entry price, web price; select-all takes the page's ids; 10 skeleton rows at first.
import { DownOutlined, FilterOutlined, SendOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Dropdown, Skeleton, Tabs, Tag, Typography, type TableProps } from 'antd'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import type { ProductRow } from '../../api/catalogTypes'
import { ListPage } from '../../components/ListPage'
import { FilterChips } from '../../components/lists/FilterChips'
import { ALL_FILTER_FIELDS, FilterPanel } from '../../components/lists/FilterPanel'
import { formatDateTime, formatMoney } from '../../format'
import { useEponudaFeed, useExportFeeds, useFeedStatus, useSetFeed } from '../../hooks/api/eoffer'
import { productsQuery } from '../../hooks/api/products'
import { filterApiQuery, toApiQuery, type ApiQuery } from '../../lists/productQuery'
import { useProductListQuery } from '../../lists/useProductListQuery'
import { href, screens } from '../../screens'

export const SKELETON_ROWS = 10
export const TAB_PARAM = 'tab'
export const FEED_TAB = 'feed'

type Row = ProductRow & { skeleton?: boolean }

// A placeholder row shows only skeletons: the fields it lacks are never read.
const placeholders = Array.from({ length: SKELETON_ROWS }, (_, i) => ({
  id: -1 - i,
  sku: '',
  name: '',
  active: true,
  visible: true,
  entry_price: 0,
  web_price: 0,
  skeleton: true,
})) as Row[]

export function EofferPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const inFeed = params.get(TAB_PARAM) === FEED_TAB
  const setTab = (key: string) =>
    setParams(() => {
      const q = new URLSearchParams()
      if (key === FEED_TAB) q.set(TAB_PARAM, FEED_TAB)
      return q
    })
  return (
    <Tabs
      activeKey={inFeed ? FEED_TAB : 'products'}
      onChange={setTab}
      destroyOnHidden
      items={[
        { key: 'products', label: t('eoffer.tabProducts'), children: <EofferTab inFeed={false} /> },
        { key: FEED_TAB, label: t('eoffer.tabFeed'), children: <EofferTab inFeed /> },
      ]}
    />
  )
}

function EofferTab({ inFeed }: { inFeed: boolean }) {
  const { t } = useTranslation()
  const [query, setFilters] = useProductListQuery()
  const fixed: ApiQuery = inFeed ? {} : { visible: 1, active: 1, eponuda: 0 }
  const api = toApiQuery(query, fixed)
  const notInFeed = useQuery({ ...productsQuery(api), enabled: !inFeed })
  const feed = useEponudaFeed(api, inFeed)
  const list = inFeed ? feed : notInFeed
  const setFeed = useSetFeed()
  const [selected, setSelected] = useState<number[]>([])
  const [panelOpen, setPanelOpen] = useState(false)
  const filterKey = JSON.stringify(api)
  const [choiceFor, setChoiceFor] = useState(filterKey)
  if (choiceFor !== filterKey) {
    setChoiceFor(filterKey)
    setSelected([])
  }
  const send = (add: boolean) => setFeed.mutate({ add, ids: selected }, { onSuccess: () => setSelected([]) })
  const cell = (row: Row, content: ReactNode) => (row.skeleton ? <Skeleton.Input active size="small" /> : content)
  const productLink = (p: Row, text: string) => <Link to={href(screens.product, { productId: p.id })}>{text}</Link>

  const columns: TableProps<Row>['columns'] = [
    { key: 'sku', title: t('eoffer.sku'), width: 120, render: (_, p) => cell(p, productLink(p, p.sku)) },
    { key: 'name', title: t('eoffer.name'), width: 240, render: (_, p) => cell(p, productLink(p, p.name)) },
    { key: 'category', title: t('eoffer.category'), width: 160, render: (_, p) => cell(p, p.main_category?.name ?? '') },
    { key: 'entry_price', title: t('eoffer.entryPrice'), width: 120, align: 'right', render: (_, p) => cell(p, formatMoney(p.entry_price)) },
    { key: 'web_price', title: t('eoffer.webPrice'), width: 120, align: 'right', render: (_, p) => cell(p, formatMoney(p.web_price)) },
  ]
  const first = list.isPending
  const activeFilters = Object.keys(filterApiQuery(query)).length
  const sendLabel = inFeed ? t('eoffer.sendRemove') : t('eoffer.sendAdd')

  return (
    <>
      {inFeed && <FeedStatus />}
      <ListPage<Row>
        title={t('eoffer.title')}
        extra={
          <Button
            type="primary"
            icon={<SendOutlined />}
            disabled={selected.length === 0}
            loading={setFeed.isPending}
            onClick={() => send(!inFeed)}
            title={sendLabel}
          >
            {t('eoffer.send')}
          </Button>
        }
        toolbar={
          <>
            <Button icon={<FilterOutlined />} onClick={() => setPanelOpen(true)}>
              {t('filters.open')}
              {activeFilters > 0 && <Tag style={{ marginInlineStart: 6, marginInlineEnd: 0 }}>{activeFilters}</Tag>}
            </Button>
            <Dropdown
              disabled={selected.length === 0}
              menu={{
                items: [{ key: inFeed ? 'remove' : 'add', label: sendLabel }],
                onClick: ({ key }) => send(key === 'add'),
              }}
            >
              <Button>
                {t('eoffer.massActions')} <DownOutlined />
              </Button>
            </Dropdown>
          </>
        }
        chips={
          <>
            <FilterChips filters={query} onChange={setFilters} />
            {selected.length > 0 && <Typography.Text>{t('eoffer.chosen', { count: selected.length })}</Typography.Text>}
          </>
        }
        rowKey="id"
        columns={columns}
        rows={first ? placeholders : list.data?.data}
        meta={list.data?.meta}
        loading={!first && list.isFetching}
        rowSelection={{
          selectedRowKeys: selected,
          // select-all fills the selection with every id of the current page
          onChange: (keys) => setSelected(keys.map(Number).filter((id) => id > 0)),
          columnWidth: 48,
        }}
      />
      <FilterPanel
        open={panelOpen}
        value={query}
        fields={ALL_FILTER_FIELDS.filter((f) => f !== 'visible' && f !== 'status')}
        onApply={(f) => {
          setFilters(f)
          setPanelOpen(false)
        }}
        onClose={() => setPanelOpen(false)}
      />
    </>
  )
}

/**
 * FeedStatus explains the feed tab's count beside the written files: the tab lists every
 * product marked for the feed, the export only those a shopper can buy; "Izvezi sada" writes
 * the files without waiting for the schedule.
 */
function FeedStatus() {
  const { t } = useTranslation()
  const status = useFeedStatus()
  const exportNow = useExportFeeds()
  const s = status.data
  if (!s) return null
  const last = s.files.reduce<string | undefined>((acc, f) => (f.modified && (!acc || f.modified > acc) ? f.modified : acc), undefined)
  return (
    <Alert
      type={s.marked === s.exported ? 'info' : 'warning'}
      style={{ marginBottom: 12 }}
      message={t('eoffer.feedStatus', { marked: s.marked, exported: s.exported })}
      description={
        <>
          {s.marked !== s.exported && <div>{t('eoffer.feedLeftOut', s.left_out)}</div>}
          {s.google_without_image > 0 && <div>{t('eoffer.feedGoogleNoImage', { count: s.google_without_image })}</div>}
          <div>{last ? t('eoffer.feedLastExport', { time: formatDateTime(last) }) : t('eoffer.feedNeverExported')}</div>
        </>
      }
      action={
        <Button loading={exportNow.isPending} onClick={() => exportNow.mutate()}>
          {t('eoffer.exportNow')}
        </Button>
      }
    />
  )
}
