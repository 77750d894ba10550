// Landing pages list (spec 2.7): ID, Ime, Link (opens the page on the storefront in a new tab),
// Akcije (edit, delete); 'Dodaj Landing Page' and 'Nazad'. Delete asks 'Izbriši Landing
// stranicu?' with the name and slug, 'Izbriši' / 'Nazad'.
import { DeleteOutlined, EditOutlined } from '@ant-design/icons'
import { Button, Flex, Input, Modal, Table, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useGoBack } from '../../components/useGoBack'
import { usePageTitle } from '../../components/usePageTitle'
import { type LandingPageRow, useDeleteLandingPage, useLandingPages } from '../../hooks/api/landingPages'
import { screens } from '../../screens'
import { ScrollX } from '../../components/ScrollX'

export function LandingPagesPage() {
  const { t } = useTranslation()
  const l = (k: string) => t(`landing.${k}`)
  usePageTitle(l('title'))
  const navigate = useNavigate()
  const goBack = useGoBack()
  const [page, setPage] = useState(1)
  const [search, setSearch] = useState('')
  const list = useLandingPages({ page, paginate: 20, search })
  const remove = useDeleteLandingPage()
  const [deleting, setDeleting] = useState<LandingPageRow | null>(null)
  const rows = (list.data?.data ?? []) as LandingPageRow[]
  const columns = [
    { title: l('col.id'), dataIndex: 'id', key: 'id', width: 80 },
    { title: l('col.name'), dataIndex: 'name', key: 'name' },
    {
      title: l('col.link'),
      key: 'link',
      render: (_: unknown, r: LandingPageRow) => (
        <a href={r.url} target="_blank" rel="noreferrer">
          {r.url}
        </a>
      ),
    },
    {
      title: l('col.actions'),
      key: 'actions',
      width: 120,
      render: (_: unknown, r: LandingPageRow) => (
        <Flex gap={4}>
          <Button type="text" icon={<EditOutlined />} aria-label={`${l('edit')} ${r.name}`} onClick={() => navigate(screens.landingPage.path.replace(':landingPageId', String(r.id)))} />
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${l('delete')} ${r.name}`} onClick={() => setDeleting(r)} />
        </Flex>
      ),
    },
  ]
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {l('title')}
        </Typography.Title>
        <Flex gap={8}>
          <Button onClick={goBack}>{l('back')}</Button>
          <Button type="primary" onClick={() => navigate(screens.landingPageAdd.path)}>
            {l('add')}
          </Button>
        </Flex>
      </Flex>
      <Input.Search
        aria-label={l('search')}
        placeholder={l('search')}
        allowClear
        onSearch={(v) => {
          setSearch(v)
          setPage(1)
        }}
        style={{ maxWidth: 320 }}
      />
      {/* wider than a phone: the table scrolls sideways, not the page */}
      <ScrollX>
        <Table<LandingPageRow>
          rowKey="id"
          size="small"
          loading={list.isPending}
          dataSource={rows}
          columns={columns}
          locale={{ emptyText: t('common.noData') }}
          pagination={{ current: page, pageSize: 20, total: list.data?.meta?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        />
      </ScrollX>
      <Modal
        open={!!deleting}
        title={l('deleteTitle')}
        okText={l('delete')}
        cancelText={l('back')}
        okButtonProps={{ danger: true, loading: remove.isPending }}
        onCancel={() => setDeleting(null)}
        onOk={() => deleting && remove.mutate(deleting.id!, { onSuccess: () => setDeleting(null) })}
      >
        <Typography.Paragraph style={{ margin: 0 }}>{deleting?.name}</Typography.Paragraph>
        <Typography.Text type="secondary">
          {l('slug')}: {deleting?.slug}
        </Typography.Text>
      </Modal>
    </Flex>
  )
}
