// Invoice data (view-proforma-invoice-info): the shop's company info every proforma invoice
// prints (spec 3: address, phone, fax, email, web, registration number, PIB, activity code,
// bank; and the company's name). One form; a 422 lands on its fields.
import { Button, Card, Col, Form, Input, Row } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { usePageTitle } from '../../components/usePageTitle'
import { applyServerErrors } from '../../forms/serverErrors'
import { useInvoiceData, useSaveInvoiceData, type InvoiceDataRequest } from '../../hooks/api/invoices'

const FIELDS: { name: keyof InvoiceDataRequest; label: string; max: number }[] = [
  { name: 'name', label: 'name', max: 255 },
  { name: 'address', label: 'address', max: 255 },
  { name: 'phone', label: 'phone', max: 64 },
  { name: 'fax', label: 'fax', max: 64 },
  { name: 'email', label: 'email', max: 255 },
  { name: 'web', label: 'web', max: 255 },
  { name: 'registration_number', label: 'registrationNumber', max: 32 },
  { name: 'pib', label: 'pib', max: 9 },
  { name: 'activity_code', label: 'activityCode', max: 16 },
  { name: 'bank', label: 'bank', max: 255 },
]

export function InvoiceDataPage() {
  const { t } = useTranslation()
  const l = (k: string) => t(`invoices.data.${k}`)
  usePageTitle(l('title'))
  const data = useInvoiceData()
  const save = useSaveInvoiceData()
  const [form] = Form.useForm<InvoiceDataRequest>()
  useEffect(() => {
    if (data.data) form.setFieldsValue(data.data)
  }, [data.data, form])
  const submit = async (vals: InvoiceDataRequest) => {
    const body = Object.fromEntries(FIELDS.map((f) => [f.name, String(vals[f.name] ?? '').trim()])) as InvoiceDataRequest
    try {
      await save.mutateAsync(body)
    } catch (err) {
      applyServerErrors(form, err)
    }
  }
  return (
    <Card title={l('title')} loading={data.isLoading}>
      <Form<InvoiceDataRequest> form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 900 }}>
        <Row gutter={16}>
          {FIELDS.map((f) => (
            <Col xs={24} md={12} key={f.name}>
              <Form.Item
                name={f.name}
                label={l(f.label)}
                rules={[
                  { max: f.max, message: t('invoices.validation.max255') },
                  ...(f.name === 'email' ? [{ type: 'email' as const, message: t('invoices.validation.email') }] : []),
                ]}
              >
                <Input />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  )
}
