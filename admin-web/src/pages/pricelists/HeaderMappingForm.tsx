// A supplier's price-list header: the column names its files use, one per field ('' = found by
// the usual Serbian and English names). Folded away under the upload form; a 422 lands on the
// fields.
import { Button, Col, Collapse, Form, Input, Row, Typography } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { applyServerErrors } from '../../forms/serverErrors'
import { HEADER_FIELDS, useHeaderMapping, useSaveHeaderMapping, type HeaderMapping } from '../../hooks/api/pricelists'
import { toast } from '../../notify'

const empty: HeaderMapping = { sku: '', name: '', category: '', price: '', recommended_price: '', stock: '', ean: '', brand: '' }

export function HeaderMappingForm({ supplierId }: { supplierId: number }) {
  const { t } = useTranslation()
  return (
    <Collapse
      style={{ marginTop: 24, maxWidth: 720 }}
      destroyOnHidden
      items={[{ key: 'mapping', label: t('pricelists.mapping.title'), children: <MappingFields supplierId={supplierId} /> }]}
    />
  )
}

function MappingFields({ supplierId }: { supplierId: number }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<HeaderMapping>()
  const mapping = useHeaderMapping(supplierId)
  const save = useSaveHeaderMapping(supplierId)

  useEffect(() => {
    form.setFieldsValue({ ...empty, ...mapping.data })
  }, [form, mapping.data, supplierId])

  const submit = async (values: HeaderMapping) => {
    const body = Object.fromEntries(HEADER_FIELDS.map((k) => [k, (values[k]).trim()])) as unknown as HeaderMapping
    try {
      const res = await save.mutateAsync(body)
      if (!res.message) toast({ type: 'success', message: t('pricelists.mapping.saved') })
    } catch (err) {
      applyServerErrors(form, err)
    }
  }

  return (
    <Form<HeaderMapping> form={form} layout="vertical" onFinish={submit} disabled={mapping.isPending} initialValues={empty}>
      <Typography.Paragraph type="secondary">{t('pricelists.mapping.hint')}</Typography.Paragraph>
      <Row gutter={16}>
        {HEADER_FIELDS.map((k) => (
          <Col key={k} xs={24} sm={12}>
            <Form.Item name={k} label={t(`pricelists.mapping.fields.${k}`)} rules={[{ max: 255, message: t('validation.max', { n: 255 }) }]}>
              <Input name={k} autoComplete="off" />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('pricelists.mapping.save')}
      </Button>
    </Form>
  )
}
