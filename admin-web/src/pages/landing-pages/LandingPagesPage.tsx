// Landing pages list (spec 2.7): ID, Ime, Link (opens the page on the storefront in a new tab),
// Akcije (edit, delete); 'Dodaj Landing Page' and 'Nazad'. Delete asks 'Izbriši Landing
// stranicu?' with the name and slug, 'Izbriši' / 'Nazad'.
import { DeleteOutlined, EditOutlined } from '@ant-design/icons'
import { Button, Flex, Modal, Typography, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { ListPage } from '../../components/ListPage'
import { useGoBack } from '../../components/useGoBack'
import { useListParams } from '../../components/useListParams'
import { type LandingPageRow, useDeleteLandingPage, useLandingPages } from '../../hooks/api/landingPages'
import { screens } from '../../screens'

export function LandingPagesPage() {
  const { t } = useTranslation()
  const l = (k: string) => t(`landing.${k}`)
  const navigate = useNavigate()
  const goBack = useGoBack()
  const [params] = useListParams()
  const list = useLandingPages({ page: params.page, paginate: params.paginate, search: params.search })
  const remove = useDeleteLandingPage()
  const [deleting, setDeleting] = useState<LandingPageRow | null>(null)
  const columns: TableProps<LandingPageRow>['columns'] = [
    { title: l('col.id'), dataIndex: 'id', key: 'id', width: 80 },
    { title: l('col.name'), dataIndex: 'name', key: 'name' },
    {
      title: l('col.link'),
      key: 'link',
      render: (_, r) => (
        <a href={r.url} target="_blank" rel="noreferrer">
          {r.url}
        </a>
      ),
    },
    {
      title: l('col.actions'),
      key: 'actions',
      width: 120,
      render: (_, r) => (
        <Flex gap={4}>
          <Button type="text" icon={<EditOutlined />} aria-label={`${l('edit')} ${r.name}`} onClick={() => navigate(screens.landingPage.path.replace(':landingPageId', String(r.id)))} />
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${l('delete')} ${r.name}`} onClick={() => setDeleting(r)} />
        </Flex>
      ),
    },
  ]
  return (
    <>
      <ListPage<LandingPageRow>
        title={l('title')}
        extra={
          <Flex gap={8}>
            <Button onClick={goBack}>{l('back')}</Button>
            <Button type="primary" onClick={() => navigate(screens.landingPageAdd.path)}>
              {l('add')}
            </Button>
          </Flex>
        }
        rowKey="id"
        columns={columns}
        rows={list.data?.data}
        meta={list.data?.meta}
        loading={list.isFetching}
      />
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
    </>
  )
}
