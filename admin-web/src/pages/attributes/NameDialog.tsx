// A small add/rename dialog with one name field (attributes, brands): the client rules, then the
// call; a 422 stays on the field and the dialog stays open.
import { Form, Input, Modal, type FormRule } from 'antd'
import { useTranslation } from 'react-i18next'
import { applyServerErrors } from '../../forms/serverErrors'

export interface NameDialogProps {
  title: string
  label: string
  initial?: string
  rules: FormRule[]
  /** the field's name on the wire (where a 422 puts its message) */
  field?: string
  busy?: boolean
  onSubmit: (name: string) => Promise<unknown>
  onClose: () => void
}

export function NameDialog({ title, label, initial, rules, field = 'name', busy, onSubmit, onClose }: NameDialogProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Record<string, string>>()
  const submit = async (v: Record<string, string>) => {
    try {
      await onSubmit((v[field] ?? '').trim())
      onClose()
    } catch (err) {
      applyServerErrors(form, err)
    }
  }
  return (
    <Modal
      open
      title={title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ [field]: initial ?? '' }} onFinish={submit}>
        <Form.Item name={field} label={label} rules={rules}>
          <Input name={field} autoFocus autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
