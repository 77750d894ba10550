// A proforma invoice staff make for a buyer (an offer asked for by phone or mail): the buyer's
// data as at checkout and the products with their quantities; the server prices them (the
// shop's current prices) and the invoice can later be transferred to an order.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Col, Form, Input, InputNumber, Modal, Row, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { SearchableSelect } from '../../components/SearchableSelect'
import { applyServerErrors } from '../../forms/serverErrors'
import { contentProductSearch } from '../../hooks/api/content'
import { useCreateInvoice, type ProformaInvoice } from '../../hooks/api/invoices'

interface Values {
  name: string
  email: string
  phone: string
  address: string
  city: string
  post_code: string
  company_name?: string
  company_pib?: string
  company_number?: string
  note?: string
  items: { product_id?: number; quantity: number }[]
}

const BUYER_FIELDS: { name: keyof Values; label: string; required: boolean; max: number }[] = [
  { name: 'name', label: 'name', required: true, max: 255 },
  { name: 'email', label: 'email', required: true, max: 255 },
  { name: 'phone', label: 'phone', required: true, max: 64 },
  { name: 'address', label: 'address', required: true, max: 255 },
  { name: 'city', label: 'city', required: true, max: 255 },
  { name: 'post_code', label: 'postCode', required: true, max: 5 },
  { name: 'company_name', label: 'companyName', required: false, max: 255 },
  { name: 'company_pib', label: 'companyPib', required: false, max: 9 },
  { name: 'company_number', label: 'companyNumber', required: false, max: 32 },
]

export function InvoiceCreateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const create = useCreateInvoice()
  const navigate = useNavigate()
  const v = (k: string) => t(`invoices.validation.${k}`)
  const submit = async (vals: Values) => {
    const trim = (s?: string) => (s ?? '').trim()
    try {
      const res = (await create.mutateAsync({
        name: trim(vals.name),
        email: trim(vals.email),
        phone: trim(vals.phone),
        address: trim(vals.address),
        city: trim(vals.city),
        post_code: trim(vals.post_code),
        company_name: trim(vals.company_name),
        company_pib: trim(vals.company_pib),
        company_number: trim(vals.company_number),
        note: trim(vals.note),
        items: vals.items.map((i) => ({ product_id: i.product_id, quantity: i.quantity })),
      })) as { data?: ProformaInvoice }
      onClose()
      if (res.data?.id) navigate(`/profakture/${res.data.id}`)
    } catch (err) {
      applyServerErrors(form, err)
    }
  }
  return (
    <Modal
      open
      width={760}
      title={t('invoices.create.title')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ items: [{ quantity: 1 }] }} onFinish={submit}>
        <Row gutter={12}>
          {BUYER_FIELDS.map((f) => (
            <Col span={8} key={f.name}>
              <Form.Item
                name={f.name}
                label={t(`invoices.single.${f.label}`)}
                rules={[
                  ...(f.required ? [{ required: true, whitespace: true, message: v('required') }] : []),
                  ...(f.name === 'email' ? [{ type: 'email' as const, message: v('email') }] : []),
                  { max: f.max, message: v('max255') },
                ]}
              >
                <Input />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Form.Item name="note" label={t('invoices.single.note')}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        <Typography.Title level={5}>{t('invoices.create.items')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('invoices.create.pricesNote')}</Typography.Paragraph>
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Row gutter={8} key={field.key} align="top">
                  <Col flex="auto">
                    <Form.Item name={[field.name, 'product_id']} rules={[{ required: true, message: v('required') }]}>
                      <SearchableSelect
                        source={contentProductSearch}
                        toOption={(p: { id: number; name: string; sku: string }) => ({ value: p.id, label: `${p.sku} – ${p.name}` })}
                        aria-label={t('invoices.create.product')}
                        placeholder={t('invoices.create.product')}
                      />
                    </Form.Item>
                  </Col>
                  <Col style={{ width: 120 }}>
                    <Form.Item name={[field.name, 'quantity']} rules={[{ required: true, message: v('required') }]}>
                      <InputNumber min={1} max={99} precision={0} aria-label={t('invoices.create.quantity')} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col>
                    <Button icon={<DeleteOutlined />} aria-label={t('invoices.create.removeItem')} disabled={fields.length === 1} onClick={() => remove(field.name)} />
                  </Col>
                </Row>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })}>
                {t('invoices.create.addItem')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  )
}
