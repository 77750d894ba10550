// "Export add client": a named products export; name and categories required (spec 5). On
// success the job is queued (its message shown) and the list opens.
import { Button, Card, Form, Input, Select, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { usePageTitle } from '../../components/usePageTitle'
import { applyServerErrors } from '../../forms/serverErrors'
import { useCreateProductsExport, useExportCategories } from '../../hooks/api/productsExports'
import { toast } from '../../notify'
import { href, screens } from '../../screens'

interface Values {
  name?: string
  categories?: number[]
}

export function ProductsExportClient() {
  const { t } = useTranslation()
  const l = (k: string) => t(`productsExport.${k}`)
  usePageTitle(l('addTitle'))
  const navigate = useNavigate()
  const categories = useExportCategories()
  const create = useCreateProductsExport()
  const [form] = Form.useForm<Values>()
  const submit = async (v: Values) => {
    try {
      const r = await create.mutateAsync({ name: (v.name ?? '').trim(), categories: v.categories ?? [] })
      toast({ type: 'success', message: r.message })
      navigate(href(screens.productsExport))
    } catch (err) {
      applyServerErrors(form, err)
    }
  }
  return (
    <Card title={l('addTitle')}>
      <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 560 }}>
        <Form.Item name="name" label={l('name')} rules={[{ required: true, whitespace: true, message: l('required') }]}>
          <Input aria-label={l('name')} maxLength={255} />
        </Form.Item>
        <Form.Item name="categories" label={l('categories')} rules={[{ required: true, message: l('required') }]}>
          <Select
            mode="multiple"
            aria-label={l('categories')}
            placeholder={l('categoriesHint')}
            optionFilterProp="label"
            loading={categories.isLoading}
            options={(categories.data ?? []).map((c) => ({ value: c.id!, label: c.name }))}
          />
        </Form.Item>
        <Space>
          <Button onClick={() => navigate(href(screens.productsExport))}>{l('back')}</Button>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {l('submit')}
          </Button>
        </Space>
      </Form>
    </Card>
  )
}
