// Price-list upload (upload-pricelist, module Pricelist): a supplier and its XLSX price list
// (checked here for format and size with the specification's messages, then by the server;
// a 422 lands on the fields), the supplier's header mapping, and below the recent imports with
// their status and counts. While one is queued or running the list asks again every few
// seconds; an import that finishes refreshes the supplier lists (counts, updated_at).
import { FileExcelOutlined, UploadOutlined } from '@ant-design/icons'
import { Button, Card, Flex, Form, Typography, Upload, type TableProps } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ListPage } from '../../components/ListPage'
import { useListParams } from '../../components/useListParams'
import { usePageTitle } from '../../components/usePageTitle'
import { formatDateTime, formatNumber } from '../../format'
import { applyServerErrors } from '../../forms/serverErrors'
import { isUnfinished, usePricelistImports, useRefreshSuppliers, useUploadPricelist, type PricelistImport } from '../../hooks/api/pricelists'
import { toast } from '../../notify'
import { HeaderMappingForm } from './HeaderMappingForm'
import { ImportDrawer } from './ImportDrawer'
import { ImportStatusTag, fileSize } from './display'
import { XLSX_ACCEPT, pricelistFileProblem } from './fileCheck'
import { SupplierSelect, useUrlIds } from './pickers'

const IMPORT_PAGE_SIZES = [20, 50, 100] as const

interface UploadValues {
  supplier_id?: number
  file?: File
}

export function PricelistUpload() {
  const { t } = useTranslation()
  usePageTitle(t('nav.pricelistUpload'))
  return (
    <Flex vertical gap={24}>
      <UploadForm />
      <ImportList />
    </Flex>
  )
}

function UploadForm() {
  const { t } = useTranslation()
  const [form] = Form.useForm<UploadValues>()
  const upload = useUploadPricelist()
  const supplierId = Form.useWatch('supplier_id', form)
  const file = Form.useWatch('file', form)

  const submit = async (values: UploadValues) => {
    if (!values.supplier_id || !values.file) return
    try {
      const res = await upload.mutateAsync({ supplier_id: values.supplier_id, file: values.file })
      if (!res.message) toast({ type: 'success', message: t('pricelists.upload.done') })
      form.setFieldValue('file', undefined)
    } catch (err) {
      applyServerErrors(form, err)
    }
  }

  return (
    <Card title={<Typography.Title level={3} style={{ margin: 0 }}>{t('nav.pricelistUpload')}</Typography.Title>}>
      <Typography.Paragraph type="secondary">{t('pricelists.upload.hint')}</Typography.Paragraph>
      <Form<UploadValues> form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 560 }}>
        <Form.Item name="supplier_id" label={t('pricelists.common.supplier')} htmlFor="upload-supplier" rules={[{ required: true, message: t('validation.required') }]}>
          <SupplierSelect id="upload-supplier" />
        </Form.Item>
        <Form.Item
          name="file"
          label={t('pricelists.upload.file')}
          required
          valuePropName="file"
          rules={[
            {
              validator: (_, f?: File) => {
                if (!f) return Promise.reject(new Error(t('validation.required')))
                const problem = pricelistFileProblem(f)
                return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve()
              },
            },
          ]}
        >
          <FilePicker />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" icon={<UploadOutlined />} loading={upload.isPending} disabled={!file}>
            {t('pricelists.upload.submit')}
          </Button>
        </Flex>
      </Form>
      {supplierId ? <HeaderMappingForm supplierId={supplierId} /> : null}
    </Card>
  )
}

/** FilePicker: one XLSX file as a form value; the form's rule checks it at once. */
function FilePicker({ file, onChange }: { file?: File; onChange?: (f: File | undefined) => void }) {
  const { t } = useTranslation()
  return (
    <Upload
      accept={XLSX_ACCEPT}
      maxCount={1}
      fileList={file ? [{ uid: 'pricelist', name: file.name, status: 'done' }] : []}
      beforeUpload={(f) => {
        onChange?.(f)
        return false
      }}
      onRemove={() => onChange?.(undefined)}
      iconRender={() => <FileExcelOutlined />}
    >
      <Button icon={<FileExcelOutlined />}>{t('pricelists.upload.pick')}</Button>
    </Upload>
  )
}

function ImportList() {
  const { t } = useTranslation()
  const [params] = useListParams(IMPORT_PAGE_SIZES)
  const [{ supplier_id }, setIds] = useUrlIds('supplier_id')
  const list = usePricelistImports({ supplier_id, page: params.page, paginate: params.paginate })
  const [open, setOpen] = useState<PricelistImport | null>(null)
  const refreshSuppliers = useRefreshSuppliers()
  const l = (k: string) => t(`pricelists.upload.${k}`)

  // an import seen unfinished and now finished or failed: the supplier lists changed
  const unfinished = useRef(new Set<number>())
  useEffect(() => {
    const rows = list.data?.data
    if (!rows) return
    let settled = false
    for (const r of rows) {
      if (isUnfinished(r)) unfinished.current.add(r.id)
      else if (unfinished.current.delete(r.id)) settled = true
    }
    if (settled) void refreshSuppliers()
  }, [list.data, refreshSuppliers])

  const num = (k: 'rows' | 'created' | 'updated' | 'unchanged' | 'rejected') => ({
    key: k,
    title: l(k),
    align: 'right' as const,
    render: (_: unknown, r: PricelistImport) => (isUnfinished(r) && !r[k] ? '' : formatNumber(r[k])),
  })

  const columns: TableProps<PricelistImport>['columns'] = [
    { key: 'created_at', title: l('createdAt'), render: (_, r) => formatDateTime(r.created_at), width: 150 },
    { key: 'supplier', title: t('pricelists.common.supplier'), render: (_, r) => r.supplier },
    {
      key: 'file',
      title: l('fileName'),
      render: (_, r) => (
        <Flex vertical>
          <span>{r.file_name}</span>
          <Typography.Text type="secondary">{fileSize(r.file_size)}</Typography.Text>
        </Flex>
      ),
    },
    { key: 'status', title: l('status'), render: (_, r) => <ImportStatusTag status={r.status} /> },
    num('rows'),
    num('created'),
    num('updated'),
    num('unchanged'),
    num('rejected'),
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, r) => (
        <Button size="small" onClick={() => setOpen(r)}>
          {l('report')}
        </Button>
      ),
    },
  ]

  return (
    <>
      <ListPage<PricelistImport>
        title={l('recent')}
        searchable={false}
        pageSizes={IMPORT_PAGE_SIZES}
        toolbar={<SupplierSelect value={supplier_id} onChange={(v) => setIds({ supplier_id: v })} placeholder={l('allSuppliers')} />}
        rowKey="id"
        columns={columns}
        rows={list.data?.data}
        meta={list.data?.meta}
        loading={list.isPending}
      />
      <ImportDrawer summary={open} onClose={() => setOpen(null)} />
    </>
  )
}
