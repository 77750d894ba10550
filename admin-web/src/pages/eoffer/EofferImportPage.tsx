// The e-offer import screen (back office 2.5): tab 'E-ponuda' takes a competitor file ('Unesi
// csv'; before one is chosen the page says 'Unesite csv fajl'), then shows the four controls;
// 'Prikaži' (disabled until the first three are set) asks for the recalculation, whose two tables
// 'U okviru ulazne cene' and 'Ispod ulazne cene' have a select-all and per-row checkboxes; the
// page scrolls to them 100 ms after they load; 'Potvrdi' (disabled with nothing chosen) applies the
// chosen rows' new prices. A filter icon opens the 600 px panel (category, supplier, brand) with
// chips. Tab 'E-ponuda cene' is the prices overview.
import { FilterOutlined, UploadOutlined } from '@ant-design/icons'
import { Alert, Button, Checkbox, Col, Flex, Form, Input, Row, Select, Space, Table, Tabs, Typography, Upload, type TableProps } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FilterChips } from '../../components/lists/FilterChips'
import { FilterPanel } from '../../components/lists/FilterPanel'
import { usePageTitle } from '../../components/usePageTitle'
import { formatMoney } from '../../format'
import {
  useApplyEponuda,
  useCompetitors,
  useEponudaImport,
  useLatestImport,
  useEponudaPrices,
  useRecalc,
  useUploadEponuda,
  type EponudaPriceRow,
  type EponudaRow,
  type EponudaScope,
  type EponudaSettings,
} from '../../hooks/api/eoffer'
import { emptyFilters, type ProductFilters } from '../../lists/productQuery'

export const ACCEPT = '.csv,.xlsx,.xls'
export const SCROLL_DELAY_MS = 100

export function EofferImportPage() {
  const { t } = useTranslation()
  usePageTitle(t('eoffer.importTitle'))
  const [tab, setTab] = useState('eponuda')
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      items={[
        { key: 'eponuda', label: t('eoffer.tabEponuda'), children: <EponudaTab /> },
        { key: 'prices', label: t('eoffer.tabPrices'), children: <PricesTab active={tab === 'prices'} /> },
      ]}
    />
  )
}

interface Draft {
  relative_to?: 'eponuda' | 'entry'
  format?: '%' | 'RSD'
  value: string
  irrelevant: string[]
}

/** ready: the first three controls are set ('Prikaži' rule). */
export function ready(d: Draft): d is Draft & EponudaSettings {
  return d.relative_to !== undefined && d.format !== undefined && d.value.trim() !== ''
}

function EponudaTab() {
  const { t } = useTranslation()
  const upload = useUploadEponuda()
  const [importId, setImportId] = useState<number>()
  const uploaded = useEponudaImport(importId)
  const latest = useLatestImport()
  // the screen opens on the newest processed file until a new one is uploaded
  const imp = importId === undefined ? { data: latest.data ?? undefined } : uploaded
  const finished = imp.data?.status === 'finished'
  const competitors = useCompetitors(finished)
  const [draft, setDraft] = useState<Draft>({ value: '', irrelevant: [] })
  const [settings, setSettings] = useState<EponudaSettings | null>(null)
  const [filters, setFilters] = useState<ProductFilters>(emptyFilters())
  const [panelOpen, setPanelOpen] = useState(false)
  const scope: EponudaScope = { category: filters.category, supplier: filters.supplier, brand: filters.brands[0] }
  const recalc = useRecalc(settings, scope)
  const apply = useApplyEponuda()
  const [chosenOk, setChosenOk] = useState<number[]>([])
  const [chosenNok, setChosenNok] = useState<number[]>([])
  const results = useRef<HTMLDivElement>(null)

  // a new result starts a new choice, and the page scrolls to it
  const resultKey = recalc.dataUpdatedAt
  useEffect(() => {
    if (!resultKey) return
    setChosenOk([])
    setChosenNok([])
    const timer = setTimeout(() => results.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }), SCROLL_DELAY_MS)
    return () => clearTimeout(timer)
  }, [resultKey])

  const chosen = [...chosenOk, ...chosenNok]
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Flex gap={12} align="center" wrap>
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            upload.mutate(file, { onSuccess: (r) => setImportId(r.data?.id) })
            return false
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending}>
            {t('eoffer.upload')}
          </Button>
        </Upload>
        {importId === undefined && !finished && <Typography.Text>{t('eoffer.noFile')}</Typography.Text>}
        {importId !== undefined && !finished && imp.data?.status !== 'failed' && <Typography.Text>{t('eoffer.processing')}</Typography.Text>}
        {finished && imp.data && (
          <Typography.Text>{t('eoffer.imported', { file: imp.data.file_name, offers: imp.data.offers, rejected: imp.data.rejected })}</Typography.Text>
        )}
        {upload.error && <Alert type="error" showIcon message={uploadError(upload.error)} />}
        {imp.data?.status === 'failed' && <Alert type="error" showIcon message={imp.data.error} />}
      </Flex>
      <Typography.Text type="secondary">{t('eoffer.fileHelp')}</Typography.Text>

      {finished && (
        <Form layout="vertical" onFinish={() => ready(draft) && setSettings({ ...draft })}>
          <Row gutter={12} align="bottom">
            <Col span={6}>
              <Form.Item label={t('eoffer.relativeTo')} htmlFor="eoffer-relative">
                <Select
                  id="eoffer-relative"
                  aria-label={t('eoffer.relativeTo')}
                  value={draft.relative_to}
                  onChange={(v) => setDraft({ ...draft, relative_to: v })}
                  options={[
                    { value: 'eponuda', label: t('eoffer.relEponuda') },
                    { value: 'entry', label: t('eoffer.relEntry') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item label={t('eoffer.format')} htmlFor="eoffer-format">
                <Select
                  id="eoffer-format"
                  aria-label={t('eoffer.format')}
                  value={draft.format}
                  onChange={(v) => setDraft({ ...draft, format: v })}
                  options={[
                    { value: '%', label: '%' },
                    { value: 'RSD', label: 'RSD' },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item label={t('eoffer.value')} htmlFor="eoffer-value">
                <Input id="eoffer-value" aria-label={t('eoffer.value')} value={draft.value} onChange={(e) => setDraft({ ...draft, value: e.target.value })} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item label={t('eoffer.ignore')} htmlFor="eoffer-ignore">
                <Select
                  id="eoffer-ignore"
                  aria-label={t('eoffer.ignore')}
                  mode="multiple"
                  value={draft.irrelevant}
                  onChange={(v) => setDraft({ ...draft, irrelevant: v })}
                  options={(competitors.data ?? []).map((c) => ({ value: c, label: c }))}
                />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item>
                <Space>
                  <Button htmlType="submit" type="primary" disabled={!ready(draft)} loading={recalc.isFetching}>
                    {t('eoffer.show')}
                  </Button>
                  <Button icon={<FilterOutlined />} aria-label={t('eoffer.filters')} title={t('eoffer.filters')} onClick={() => setPanelOpen(true)} />
                </Space>
              </Form.Item>
            </Col>
          </Row>
          <FilterChips filters={filters} onChange={setFilters} />
        </Form>
      )}

      {recalc.data && settings && (
        <div ref={results} data-testid="eoffer-results">
          <Space direction="vertical" size="large" style={{ width: '100%' }}>
            <ResultTable title={t('eoffer.ok')} rows={recalc.data.ok} chosen={chosenOk} onChoose={setChosenOk} />
            <ResultTable title={t('eoffer.nok')} rows={recalc.data.nok} chosen={chosenNok} onChoose={setChosenNok} />
            <Button
              type="primary"
              disabled={chosen.length === 0}
              loading={apply.isPending}
              onClick={() =>
                apply.mutate(
                  { settings, ids: chosen },
                  {
                    onSuccess: () => {
                      setChosenOk([])
                      setChosenNok([])
                    },
                  },
                )
              }
            >
              {t('eoffer.confirm')}
            </Button>
            {apply.data?.message && <Alert type="success" showIcon message={apply.data.message} />}
          </Space>
        </div>
      )}

      <FilterPanel
        open={panelOpen}
        value={filters}
        fields={['category', 'supplier', 'brand']}
        onApply={(f) => {
          setFilters(f)
          setPanelOpen(false)
        }}
        onClose={() => setPanelOpen(false)}
      />
    </Space>
  )
}

function uploadError(err: unknown): string {
  const e = err as { body?: { message?: string; errors?: Record<string, string[]> } }
  return e.body?.errors?.eponudaCSV?.[0] ?? e.body?.message ?? String(err)
}

interface ResultTableProps {
  title: string
  rows: EponudaRow[]
  chosen: number[]
  onChoose: (ids: number[]) => void
}

/** one of the two result tables: a select-all in the header, a checkbox per row; unchecking one row clears select-all */
function ResultTable({ title, rows, chosen, onChoose }: ResultTableProps) {
  const { t } = useTranslation()
  const all = rows.length > 0 && chosen.length === rows.length
  const columns: TableProps<EponudaRow>['columns'] = [
    {
      key: 'select',
      width: 48,
      title: (
        <Checkbox
          aria-label={`${title}: ${t('eoffer.selectAll')}`}
          checked={all}
          indeterminate={chosen.length > 0 && !all}
          disabled={rows.length === 0}
          onChange={(e) => onChoose(e.target.checked ? rows.map((r) => r.id) : [])}
        />
      ),
      render: (_, r) => (
        <Checkbox
          aria-label={r.sku}
          checked={chosen.includes(r.id)}
          onChange={(e) => onChoose(e.target.checked ? [...chosen, r.id] : chosen.filter((id) => id !== r.id))}
        />
      ),
    },
    { key: 'name', dataIndex: 'name', title: t('eoffer.colName') },
    { key: 'sku', dataIndex: 'sku', title: t('eoffer.colSku') },
    { key: 'entry', title: t('eoffer.colEntry'), align: 'right', render: (_, r) => formatMoney(r.entry_price) },
    { key: 'web', title: t('eoffer.colWeb'), align: 'right', render: (_, r) => formatMoney(r.web_price) },
    { key: 'min', title: t('eoffer.colMin'), align: 'right', render: (_, r) => formatMoney(r.eponuda_min) },
    { key: 'new', title: t('eoffer.colNew'), align: 'right', render: (_, r) => formatMoney(r.created_price) },
    { key: 'position', dataIndex: 'position', title: t('eoffer.colPosition'), align: 'right' },
    { key: 'category', title: t('eoffer.colCategory'), render: (_, r) => r.category?.[0] },
    { key: 'supplier', title: t('eoffer.colSupplier'), render: (_, r) => r.supplier ?? '' },
  ]
  return (
    <div>
      <Typography.Title level={5}>{title}</Typography.Title>
      <Table<EponudaRow> rowKey="id" size="small" columns={columns} dataSource={rows} pagination={false} locale={{ emptyText: t('eoffer.empty') }} />
    </div>
  )
}

function PricesTab({ active }: { active: boolean }) {
  const { t } = useTranslation()
  const prices = useEponudaPrices(active)
  const columns: TableProps<EponudaPriceRow>['columns'] = [
    { key: 'name', dataIndex: 'name', title: t('eoffer.colName') },
    { key: 'entry', title: t('eoffer.colEntryVat'), align: 'right', render: (_, r) => formatMoney(r.entry_price) },
    { key: 'web', title: t('eoffer.colWeb'), align: 'right', render: (_, r) => formatMoney(r.web_price) },
    { key: 'supplier', title: t('eoffer.colSupplier'), render: (_, r) => r.supplier ?? '' },
  ]
  return (
    <Table<EponudaPriceRow>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={prices.data ?? []}
      loading={prices.isFetching}
      locale={{ emptyText: t('eoffer.empty') }}
    />
  )
}
