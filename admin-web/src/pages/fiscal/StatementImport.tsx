// The bank-statement import (update-order): the statement the bank exports as camt.053 XML is
// uploaded; each entry comes back with what became of it (matched and paid, already paid,
// mismatched, unmatched, skipped) and why, so staff see which payments need them.
import { UploadOutlined } from '@ant-design/icons'
import { Alert, Button, Modal, Table, Tag, Upload, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatMoney } from '../../format'
import { useImportStatement, type PaymentImport } from '../../hooks/api/fiscal'
import { ApiError } from '../../api/client'

type Line = NonNullable<PaymentImport['lines']>[number]

const colors: Record<string, string> = { matched: 'green', already_paid: 'blue', mismatched: 'orange', unmatched: 'red', skipped: 'default' }

export function StatementImport() {
  const { t } = useTranslation()
  const l = (k: string) => t(`orders.fiscal.import.${k}`)
  const [open, setOpen] = useState(false)
  const [result, setResult] = useState<{ message?: string; data?: PaymentImport }>()
  const [error, setError] = useState<string>()
  const upload = useImportStatement()

  const send = (file: File) => {
    setError(undefined)
    upload.mutate(file, {
      onSuccess: (r) => setResult(r as { message?: string; data?: PaymentImport }),
      onError: (e) => setError(e instanceof ApiError ? (Object.values(e.fields)[0] ?? e.message) : l('failed')),
    })
    return false
  }

  const columns: TableProps<Line>['columns'] = [
    { key: 'row', dataIndex: 'row', title: l('row'), width: 70 },
    { key: 'amount', title: l('amount'), align: 'right', render: (_, r) => `${formatMoney(r.amount)} ${r.currency}` },
    { key: 'reference', dataIndex: 'reference', title: l('reference') },
    { key: 'payer', dataIndex: 'payer', title: l('payer') },
    { key: 'outcome', title: l('outcome'), render: (_, r) => <Tag color={colors[r.outcome] ?? 'default'}>{r.outcome_label}</Tag> },
    { key: 'order', title: l('order'), render: (_, r) => (r.order_id ? <Link to={`/porudzbine/${r.order_id}`}>{r.order_number}</Link> : '—') },
    { key: 'reason', dataIndex: 'reason', title: l('reason') },
  ]

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {l('button')}
      </Button>
      <Modal open={open} title={l('title')} width={1000} footer={null} onCancel={() => { setOpen(false); setResult(undefined); setError(undefined) }}>
        <p>{l('hint')}</p>
        <Upload accept=".xml,application/xml,text/xml" showUploadList={false} beforeUpload={send}>
          <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending}>
            {l('choose')}
          </Button>
        </Upload>
        {error && <Alert style={{ marginTop: 12 }} type="error" showIcon message={error} />}
        {result?.data && (
          <>
            <Alert style={{ margin: '12px 0' }} type="success" showIcon message={result.message} />
            <Table<Line> size="small" rowKey="row" pagination={false} columns={columns} dataSource={result.data.lines ?? []} />
          </>
        )}
      </Modal>
    </>
  )
}
