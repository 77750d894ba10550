// How an import's status and file size are shown, in the list and in its report.
import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ImportStatus } from '../../hooks/api/pricelists'

const statusColor: Record<ImportStatus, string> = { queued: 'default', running: 'processing', finished: 'success', failed: 'error' }

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
