// Products export (map-products-import, module ProductImport): the exports with their job's
// progress (refreshed while one runs) and the XLSX download; 'Novi izvoz' opens the "export add
// client" screen.
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Progress, Space, Table, Typography, type TableProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { usePageTitle } from '../../components/usePageTitle'
import { downloadExport, type ProductsExport, useProductsExports } from '../../hooks/api/productsExports'
import { formatDateTime } from '../../format'
import { toast } from '../../notify'
import { href, screens } from '../../screens'
import { ScrollX } from '../../components/ScrollX'

export function ProductsExportPage() {
  const { t } = useTranslation()
  const l = (k: string) => t(`productsExport.${k}`)
  usePageTitle(l('title'))
  const list = useProductsExports()
  const columns: TableProps<ProductsExport>['columns'] = [
    { key: 'id', dataIndex: 'id', title: 'ID', width: 70 },
    { key: 'name', dataIndex: 'name', title: l('name') },
    { key: 'categories', title: l('categories'), render: (_, e) => (e.categories ?? []).map((c) => c.name).join(', ') },
    { key: 'created', title: l('created'), render: (_, e) => formatDateTime(e.created_at) },
    { key: 'status', title: l('status'), render: (_, e) => t(`productsExport.statuses.${e.status ?? 'queued'}`) },
    {
      key: 'progress',
      title: l('progress'),
      width: 180,
      render: (_, e) => (
        <Progress
          size="small"
          percent={e.status === 'finished' ? 100 : e.total ? Math.floor((e.done * 100) / e.total) : 0}
          status={e.status === 'failed' ? 'exception' : e.status === 'finished' ? 'success' : 'active'}
          aria-label={`${l('progress')} ${e.name}`}
        />
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 90,
      render: (_, e) =>
        e.status === 'finished' ? (
          <Button
            size="small"
            icon={<DownloadOutlined />}
            aria-label={`${l('download')} ${e.name}`}
            title={l('download')}
            onClick={() => downloadExport(e).catch(() => toast({ type: 'danger', message: t('errors.server') }))}
          />
        ) : null,
    },
  ]
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {l('title')}
        </Typography.Title>
        <Link to={href(screens.productsExportClient)}>
          <Button type="primary" icon={<PlusOutlined />}>
            {l('add')}
          </Button>
        </Link>
      </Space>
      {/* wider than a phone: the table scrolls sideways, not the page */}
      <ScrollX>
        <Table<ProductsExport> rowKey="id" columns={columns} dataSource={list.data ?? []} loading={list.isLoading} pagination={{ pageSize: 20, hideOnSinglePage: true }} />
      </ScrollX>
    </>
  )
}
