// The report of one price-list import: its status and counts, the failure's reason, the
// rejected rows with their row numbers and reasons, the SKUs met more than once and the
// supplier categories no link places (with a way to the category linking screen). The detail
// is asked again while the import is unfinished.
import { Alert, Descriptions, Drawer, Flex, Table, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { usePricelistImport, type DuplicateSku, type PricelistImport, type RejectedRow } from '../../hooks/api/pricelists'
import { screens } from '../../screens'
import { formatDateTime } from '../../format'
import { ImportStatusTag, fileSize } from './display'

/** duplicateText: a repeated SKU with the rows it is on, 'X-1 (3, 17)' */
export const duplicateText = (d: DuplicateSku) => (d.rows?.length ? `${d.sku} (${d.rows.join(', ')})` : d.sku)

export function ImportDrawer({ summary, onClose }: { summary: PricelistImport | null; onClose: () => void }) {
  const { t } = useTranslation()
  const detail = usePricelistImport(summary?.id ?? 0)
  const imp = detail.data ?? summary
  const l = (k: string, o?: Record<string, unknown>) => t(`pricelists.upload.${k}`, o ?? {})
  const report = detail.data?.report
  const rejectedRows = report?.rejected_rows ?? []
  const duplicates = report?.duplicate_skus ?? []
  const unmapped = report?.unmapped_categories ?? []

  return (
    <Drawer open={summary !== null} onClose={onClose} width={720} title={imp ? l('reportTitle', { name: imp.file_name }) : ''} destroyOnHidden>
      {imp && (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={2}
            bordered
            items={[
              { key: 'supplier', label: t('pricelists.common.supplier'), children: imp.supplier },
              { key: 'status', label: l('status'), children: <ImportStatusTag status={imp.status} /> },
              { key: 'file', label: l('fileName'), children: imp.file_name },
              { key: 'size', label: l('size'), children: fileSize(imp.file_size) },
              { key: 'created_at', label: l('createdAt'), children: formatDateTime(imp.created_at) },
              { key: 'started_at', label: l('startedAt'), children: formatDateTime(imp.started_at) },
              { key: 'finished_at', label: l('finishedAt'), children: formatDateTime(imp.finished_at) },
              { key: 'rows', label: l('rows'), children: imp.rows },
              { key: 'created', label: l('created'), children: imp.created },
              { key: 'updated', label: l('updated'), children: imp.updated },
              { key: 'unchanged', label: l('unchanged'), children: imp.unchanged },
              { key: 'rejected', label: l('rejected'), children: imp.rejected },
            ]}
          />
          {imp.error ? <Alert type="error" showIcon message={l('error')} description={imp.error} /> : null}

          <section aria-label={l('rejectedRows')}>
            <Typography.Title level={5}>{l('rejectedRows')}</Typography.Title>
            {rejectedRows.length > 0 && imp.rejected > rejectedRows.length && (
              <Typography.Paragraph type="secondary">{l('rejectedFirst', { shown: rejectedRows.length, total: imp.rejected })}</Typography.Paragraph>
            )}
            <Table<RejectedRow>
              size="small"
              rowKey={(r) => `${r.row}-${r.sku}`}
              dataSource={rejectedRows}
              loading={detail.isPending}
              pagination={rejectedRows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
              locale={{ emptyText: t('common.noData') }}
              columns={[
                { key: 'row', title: l('row'), dataIndex: 'row', width: 80, align: 'right' },
                { key: 'sku', title: l('sku'), dataIndex: 'sku', width: 180 },
                { key: 'reason', title: l('reason'), dataIndex: 'reason' },
              ]}
            />
          </section>

          {duplicates.length > 0 && (
            <section aria-label={l('duplicateSkus')}>
              <Typography.Title level={5}>{l('duplicateSkus')}</Typography.Title>
              <Flex wrap gap={4}>
                {duplicates.map((d) => (
                  <Tag key={d.sku}>{duplicateText(d)}</Tag>
                ))}
              </Flex>
            </section>
          )}

          <section aria-label={l('unmappedCategories')}>
            <Typography.Title level={5}>{l('unmappedCategories')}</Typography.Title>
            {unmapped.length > 0 ? (
              <>
                <Typography.Paragraph type="secondary">
                  {l('unmappedHint')} <Link to={`${screens.categoryLinking.path}?supplier_id=${imp.supplier_id}`}>{l('linkCategories')}</Link>
                </Typography.Paragraph>
                <Flex wrap gap={4}>
                  {unmapped.map((c) => (
                    <Tag key={c} color="warning">
                      {c}
                    </Tag>
                  ))}
                </Flex>
              </>
            ) : (
              <Typography.Text type="secondary">{detail.isPending ? '' : l('nothing')}</Typography.Text>
            )}
          </section>
        </Flex>
      )}
    </Drawer>
  )
}
