// Banks and invoice e-mail entries (view-proforma-invoice-info): the shared list with add, edit
// and delete. Banks: name 2-255 required, account required (18 digits with its MOD 97 control
// digits, or written 160-0000000012345-67); e-mails: valid, 1-255, required (spec 5). Each
// e-mail entry gets a copy of every proforma invoice mailed to a buyer.
import { PlusOutlined } from '@ant-design/icons'
import { Button, Form, Input, Modal, Typography, type TableProps } from 'antd'
import { useState, type ReactNode } from 'react'
import type { Meta } from '../../api/client'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ListPage } from '../../components/ListPage'
import { RowActions } from '../../components/RowActions'
import { useListParams } from '../../components/useListParams'
import { applyServerErrors } from '../../forms/serverErrors'
import {
  useBanks,
  useDeleteBank,
  useDeleteInvoiceEmail,
  useInvoiceEmails,
  useSaveBank,
  useSaveInvoiceEmail,
  type Bank,
  type InvoiceEmail,
} from '../../hooks/api/invoices'

export const INFO_PAGE_SIZES = [20, 50, 100] as const

/** validAccount: 18 digits (or 3-x-2 with dashes, the middle padded to 13) whose number is 1 mod 97. */
export function validAccount(s: string): boolean {
  let a = s.replace(/\s/g, '')
  const parts = a.split('-')
  if (parts.length === 3) {
    if (parts[0].length !== 3 || parts[2].length !== 2 || parts[1].length === 0 || parts[1].length > 13) return false
    a = parts[0] + parts[1].padStart(13, '0') + parts[2]
  }
  if (!/^\d{18}$/.test(a)) return false
  let rest = 0
  for (const d of a) rest = (rest * 10 + Number(d)) % 97
  return rest === 1
}

interface EditableListProps<T extends { id?: number }> {
  /** i18n area under invoices.* holding title, add, deleteTitle and deleteText */
  area: 'banks' | 'emails'
  list: { data?: { data?: T[]; meta?: Meta }; isFetching: boolean }
  remove: { isPending: boolean; mutate: (id: number, o: { onSettled: () => void }) => void }
  columns: NonNullable<TableProps<T>['columns']>
  toolbar?: ReactNode
  dialog: (entry: T | undefined, onClose: () => void) => ReactNode
  deleteText: (entry: T | null) => Record<string, unknown>
}

/** EditableList: the one frame of the two lists (add, edit in a dialog, delete with a confirmation). */
function EditableList<T extends { id?: number }>({ area, list, remove, columns, toolbar, dialog, deleteText }: EditableListProps<T>) {
  const { t } = useTranslation()
  const l = (k: string, o?: Record<string, unknown>) => t(`invoices.${area}.${k}`, o ?? {})
  const [editing, setEditing] = useState<T | 'new' | null>(null)
  const [deleting, setDeleting] = useState<T | null>(null)
  const withActions: TableProps<T>['columns'] = [
    ...columns,
    { key: 'actions', title: t('common.actions'), width: 110, render: (_, e) => <RowActions onEdit={() => setEditing(e)} onDelete={() => setDeleting(e)} /> },
  ]
  return (
    <>
      <ListPage<T>
        title={l('title')}
        searchable={false}
        pageSizes={INFO_PAGE_SIZES}
        toolbar={toolbar}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {l('add')}
          </Button>
        }
        rowKey="id"
        columns={withActions}
        rows={list.data?.data}
        meta={list.data?.meta}
        loading={list.isFetching}
      />
      {editing && dialog(editing === 'new' ? undefined : editing, () => setEditing(null))}
      <ConfirmDialog
        open={deleting !== null}
        danger
        busy={remove.isPending}
        title={l('deleteTitle')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id!, { onSettled: () => setDeleting(null) })}
      >
        {l('deleteText', deleteText(deleting))}
      </ConfirmDialog>
    </>
  )
}

export function BanksPage() {
  const { t } = useTranslation()
  const l = (k: string) => t(`invoices.banks.${k}`)
  const [params] = useListParams(INFO_PAGE_SIZES)
  const list = useBanks({ page: params.page, paginate: params.paginate })
  const remove = useDeleteBank()
  return (
    <EditableList<Bank>
      area="banks"
      list={list}
      remove={remove}
      columns={[
        { key: 'name', title: l('name'), render: (_, b) => b.name },
        { key: 'account', title: l('account'), render: (_, b) => b.formatted },
      ]}
      dialog={(bank, onClose) => <BankDialog bank={bank} onClose={onClose} />}
      deleteText={(b) => ({ name: b?.name ?? '' })}
    />
  )
}

export function BankDialog({ bank, onClose }: { bank?: Bank; onClose: () => void }) {
  const { t } = useTranslation()
  const l = (k: string) => t(`invoices.banks.${k}`)
  const v = (k: string) => t(`invoices.validation.${k}`)
  const [form] = Form.useForm<{ name: string; account: string }>()
  const save = useSaveBank()
  const submit = async (vals: { name: string; account: string }) => {
    try {
      await save.mutateAsync({ id: bank?.id, name: vals.name.trim(), account: vals.account.trim() })
      onClose()
    } catch (err) {
      applyServerErrors(form, err)
    }
  }
  return (
    <Modal
      open
      title={bank ? l('edit') : l('add')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: bank?.name ?? '', account: bank?.formatted ?? '' }} onFinish={submit}>
        <Form.Item
          name="name"
          label={l('name')}
          rules={[
            { required: true, whitespace: true, message: v('required') },
            { min: 2, message: v('nameMin') },
            { max: 255, message: v('max255') },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="account"
          label={l('account')}
          extra={l('accountHelp')}
          rules={[
            { required: true, whitespace: true, message: v('required') },
            { validator: (_, val: string) => (!val || !val.trim() || validAccount(val.trim()) ? Promise.resolve() : Promise.reject(new Error(v('account')))) },
          ]}
        >
          <Input inputMode="numeric" />
        </Form.Item>
      </Form>
    </Modal>
  )
}

export function InvoiceEmailsPage() {
  const { t } = useTranslation()
  const l = (k: string) => t(`invoices.emails.${k}`)
  const [params] = useListParams(INFO_PAGE_SIZES)
  const list = useInvoiceEmails({ page: params.page, paginate: params.paginate })
  const remove = useDeleteInvoiceEmail()
  return (
    <EditableList<InvoiceEmail>
      area="emails"
      list={list}
      remove={remove}
      columns={[{ key: 'email', title: l('email'), render: (_, e) => e.email }]}
      toolbar={<Typography.Text type="secondary">{l('help')}</Typography.Text>}
      dialog={(entry, onClose) => <EmailDialog entry={entry} onClose={onClose} />}
      deleteText={(e) => ({ email: e?.email ?? '' })}
    />
  )
}

export function EmailDialog({ entry, onClose }: { entry?: InvoiceEmail; onClose: () => void }) {
  const { t } = useTranslation()
  const l = (k: string) => t(`invoices.emails.${k}`)
  const v = (k: string) => t(`invoices.validation.${k}`)
  const [form] = Form.useForm<{ email: string }>()
  const save = useSaveInvoiceEmail()
  const submit = async (vals: { email: string }) => {
    try {
      await save.mutateAsync({ id: entry?.id, email: vals.email.trim() })
      onClose()
    } catch (err) {
      applyServerErrors(form, err)
    }
  }
  return (
    <Modal
      open
      title={entry ? l('edit') : l('add')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ email: entry?.email ?? '' }} onFinish={submit}>
        <Form.Item
          name="email"
          label={l('email')}
          rules={[
            { required: true, whitespace: true, message: v('required') },
            { max: 255, message: v('max255') },
            { type: 'email', message: v('email') },
          ]}
        >
          <Input type="email" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
