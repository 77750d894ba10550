// How the price-list screens show an import's status, a file size and a supplier's price.
import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ImportStatus } from '../../hooks/api/pricelists'
import { rsd } from '../product-detail/display'

const statusColor: Record<ImportStatus, string> = {
  queued: 'default',
  running: 'processing',
  interrupted: 'warning',
  retrying: 'warning',
  finished: 'success',
  failed: 'error',
}

export function ImportStatusTag({ status }: { status: ImportStatus }) {
  const { t } = useTranslation()
  return <Tag color={statusColor[status] ?? 'default'}>{t(`pricelists.upload.statuses.${status}`, { defaultValue: status })}</Tag>
}

/** fileSize: bytes as KB or MB for people (1,5 MB) */
export function fileSize(bytes: number | undefined): string {
  if (!bytes) return ''
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`
}

/** Money: 1.234,56 RSD on one line (a price column stays narrow without breaking it) */
export function Money({ value }: { value: number | null | undefined }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{rsd(value)}</span>
}
