// The activity log (view-activity): entries newest first, paged (20, 50, 100) and filtered by
// type, user, a day range and the subject (its kind and id), all kept in the address; a row opens to show its old and new
// values side by side.
import { Button, Flex, InputNumber, Select, Table, Typography, type TableProps } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActivityEntry } from '../../api/catalogTypes'
import { DayPicker } from '../../components/DayPicker'
import { ListPagination } from '../../components/ListPage'
import { useListParams, useUrlFilters } from '../../components/useListParams'
import { usePageTitle } from '../../components/usePageTitle'
import { useActivity, type ActivityQuery } from '../../hooks/api/activity'
import { useUsers } from '../../hooks/api/users'
import { formatDate, formatTime } from '../../format'
import { ACTIVITY_TYPES, SUBJECT_TYPES, fieldLabel, subjectLabel, subjectText, typeKey, valueRows, valueText, type ValueRow } from './activityValues'

export const ACTIVITY_PAGE_SIZES = [20, 50, 100] as const
const FILTERS = ['type', 'user_id', 'date_from', 'date_to', 'subject_type', 'subject_id'] as const

/** readActivityFilters: the filters kept in the address (unknown or malformed ones dropped). */
export function readActivityFilters(q: URLSearchParams): Omit<ActivityQuery, 'page' | 'paginate'> {
  const out: Omit<ActivityQuery, 'page' | 'paginate'> = {}
  const type = q.get('type')
  if (type && ACTIVITY_TYPES.includes(type)) out.type = type
  const user = Number(q.get('user_id'))
  if (Number.isInteger(user) && user > 0) out.user_id = user
  for (const k of ['date_from', 'date_to'] as const) {
    const v = q.get(k)
    if (v && /^\d{4}-\d{2}-\d{2}$/.test(v)) out[k] = v
  }
  const subject = q.get('subject_type')
  if (subject && SUBJECT_TYPES.includes(subject)) out.subject_type = subject
  const sid = Number(q.get('subject_id'))
  if (Number.isInteger(sid) && sid > 0) out.subject_id = sid
  return out
}

export function ActivityLog() {
  const { t } = useTranslation()
  const { q, set: setFilter, clear } = useUrlFilters(FILTERS)
  const [params, setParams] = useListParams(ACTIVITY_PAGE_SIZES)
  const filters = readActivityFilters(q)
  const list = useActivity({ page: params.page, paginate: params.paginate, ...filters })
  const [userSearch, setUserSearch] = useState('')
  const users = useUsers({ paginate: 20, search: userSearch || undefined })
  const l = (k: string) => t(`catalogAdmin.activity.${k}`)
  usePageTitle(l('title'))


  const userOptions = useMemo(() => {
    const opts = (users.data?.data ?? []).map((u) => ({ value: u.id, label: u.name }))
    // the chosen user keeps a name even when the current search does not list them
    const chosen = list.data?.data.find((e) => e.user?.id === filters.user_id)?.user
    if (filters.user_id && !opts.some((o) => o.value === filters.user_id))
      opts.unshift({ value: filters.user_id, label: chosen?.name ?? `#${filters.user_id}` })
    return opts
  }, [users.data, filters.user_id, list.data])

  const columns: TableProps<ActivityEntry>['columns'] = [
    { key: 'type', title: l('type'), render: (_, e) => t(typeKey(e.type), { defaultValue: e.type }) },
    { key: 'subject', title: l('subject'), render: (_, e) => (e.subject_type ? subjectText(t, e.subject_type, e.subject_id) : '') },
    { key: 'user', title: l('user'), render: (_, e) => e.user?.name || (e.user ? `#${e.user.id}` : l('none')) },
    { key: 'date', title: l('date'), width: 120, render: (_, e) => formatDate(e.created_at) },
    { key: 'time', title: l('time'), width: 90, render: (_, e) => formatTime(e.created_at) },
    { key: 'ip', dataIndex: 'ip', title: l('ip'), width: 150 },
  ]

  const total = list.data?.meta?.total ?? 0
  const last = list.data?.meta?.last_page ?? Math.max(1, Math.ceil(total / params.paginate))
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {l('title')}
      </Typography.Title>
      <Flex gap={8} wrap align="center">
        <Select
          style={{ width: 300 }}
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={l('anyType')}
          aria-label={l('type')}
          value={filters.type}
          onChange={(v?: string) => setFilter('type', v)}
          options={ACTIVITY_TYPES.map((ty) => ({ value: ty, label: t(typeKey(ty)) }))}
        />
        <Select
          style={{ width: 220 }}
          allowClear
          showSearch
          filterOption={false}
          onSearch={setUserSearch}
          placeholder={l('anyUser')}
          aria-label={l('user')}
          value={filters.user_id}
          onChange={(v?: number) => setFilter('user_id', v)}
          options={userOptions}
          loading={users.isFetching}
        />
        <div style={{ width: 160 }}>
          <DayPicker aria-label={l('dateFrom')} placeholder={l('dateFrom')} value={filters.date_from} onChange={(v) => setFilter('date_from', v)} />
        </div>
        <div style={{ width: 160 }}>
          <DayPicker aria-label={l('dateTo')} placeholder={l('dateTo')} value={filters.date_to} onChange={(v) => setFilter('date_to', v)} />
        </div>
        <Select
          style={{ width: 200 }}
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('staff.activity.anySubject')}
          aria-label={t('staff.activity.subjectType')}
          value={filters.subject_type}
          onChange={(v?: string) => setFilter('subject_type', v)}
          options={SUBJECT_TYPES.map((s) => ({ value: s, label: subjectLabel(t, s) })).sort((a, b) => a.label.localeCompare(b.label, 'sr'))}
        />
        <InputNumber<number>
          style={{ width: 130 }}
          min={1}
          precision={0}
          placeholder={t('staff.activity.subjectId')}
          aria-label={t('staff.activity.subjectId')}
          value={filters.subject_id ?? null}
          onChange={(v) => setFilter('subject_id', v ?? undefined)}
        />
        {Object.keys(filters).length > 0 && <Button onClick={clear}>{t('catalogAdmin.common.clear')}</Button>}
        <Flex align="center" gap={16} style={{ marginLeft: 'auto' }}>
          <Typography.Text data-testid="list-total">{t('list.total', { count: total })}</Typography.Text>
          <Select
            aria-label={t('list.perPage', { count: params.paginate })}
            value={params.paginate}
            onChange={(paginate) => setParams({ paginate })}
            options={ACTIVITY_PAGE_SIZES.map((n) => ({ value: n, label: t('list.perPage', { count: n }) }))}
            style={{ width: 150 }}
          />
        </Flex>
      </Flex>
      <Table<ActivityEntry>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        pagination={false}
        locale={{ emptyText: t('common.noData') }}
        expandable={{ expandedRowRender: (e) => <ValuesSideBySide entry={e} />, rowExpandable: (e) => valueRows(e.old_values, e.new_values).length > 0 }}
        scroll={{ x: true }}
      />
      <ListPagination current={params.page} last={last} onChange={(page) => setParams({ page })} />
    </Flex>
  )
}

function ValuesSideBySide({ entry }: { entry: ActivityEntry }) {
  const { t } = useTranslation()
  const rows = valueRows(entry.old_values, entry.new_values)
  const cell = (text: string, r: ValueRow) => (
    <Typography.Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} mark={r.changed && text !== ''}>
      {valueText(t, entry.subject_type, r.key, text)}
    </Typography.Text>
  )
  return (
    <Table<ValueRow>
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={rows}
      columns={[
        { key: 'key', dataIndex: 'key', title: '', width: 200, render: (k: string) => <Typography.Text strong>{fieldLabel(t, k)}</Typography.Text> },
        { key: 'old', title: t('catalogAdmin.activity.oldValues'), width: '40%', render: (_, r) => cell(r.old, r) },
        { key: 'new', title: t('catalogAdmin.activity.newValues'), width: '40%', render: (_, r) => cell(r.new, r) },
      ]}
    />
  )
}
