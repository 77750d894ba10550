// Import category to category (map-products-import, module ProductImport): a supplier, one of
// its category names and a shop category (the linked one when the name has a link); the
// server starts a job that makes shop products of that category's unconnected supplier
// products. The answer says it started; the result comes as a notification.
import { ImportOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Form, Select, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { usePageTitle } from '../../components/usePageTitle'
import { applyServerErrors } from '../../forms/serverErrors'
import { useImportCategory, useSupplierCategories } from '../../hooks/api/pricelistLinks'
import { toast } from '../../notify'
import { CategoryPicker, SupplierSelect } from './pickers'

interface Values {
  supplier_id?: number
  supplier_category?: string
  category_id?: number
}

export function ImportCategoryToCategory() {
  const { t } = useTranslation()
  const title = t('nav.importCategoryToCategory')
  usePageTitle(title)
  const [form] = Form.useForm<Values>()
  const supplierId = Form.useWatch('supplier_id', form)
  const categories = useSupplierCategories({ supplier_id: supplierId ?? 0 })
  const start = useImportCategory()
  const required = [{ required: true, message: t('validation.required') }]
  const names = supplierId ? (categories.data?.data ?? []) : []

  const submit = async (v: Values) => {
    if (!v.supplier_id || !v.supplier_category || !v.category_id) return
    try {
      const res = await start.mutateAsync({ supplier_id: v.supplier_id, supplier_category: v.supplier_category, category_id: v.category_id })
      if (!res.message) toast({ type: 'success', message: t('pricelists.import.started') })
    } catch (err) {
      applyServerErrors(form, err)
    }
  }

  return (
    <Card title={<Typography.Title level={3} style={{ margin: 0 }}>{title}</Typography.Title>}>
      <Alert type="info" showIcon message={t('pricelists.import.notifyHint')} style={{ marginBottom: 24, maxWidth: 720 }} />
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        style={{ maxWidth: 560 }}
        onValuesChange={(changed: Values) => {
          if ('supplier_id' in changed) form.setFieldsValue({ supplier_category: undefined })
          if ('supplier_category' in changed) {
            // a linked name: its shop category is the likely target
            const linked = names.find((n) => n.supplier_category === changed.supplier_category)?.category?.id
            if (linked) form.setFieldsValue({ category_id: linked })
          }
        }}
      >
        <Form.Item name="supplier_id" label={t('pricelists.common.supplier')} htmlFor="import-supplier" rules={required}>
          <SupplierSelect id="import-supplier" />
        </Form.Item>
        <Form.Item name="supplier_category" label={t('pricelists.import.supplierCategory')} htmlFor="import-supplier-category" rules={required}>
          <Select<string>
            id="import-supplier-category"
            aria-label={t('pricelists.import.supplierCategory')}
            showSearch
            allowClear
            optionFilterProp="label"
            disabled={!supplierId}
            loading={!!supplierId && categories.isFetching}
            placeholder={t('pricelists.import.supplierCategoryHint')}
            notFoundContent={t('common.noData')}
            options={names.map((n) => ({
              value: n.supplier_category,
              label: t('pricelists.import.supplierCategoryOption', { name: n.supplier_category, count: n.products }),
            }))}
          />
        </Form.Item>
        <Form.Item name="category_id" label={t('pricelists.import.category')} htmlFor="import-category" rules={required}>
          <CategoryPicker id="import-category" />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<ImportOutlined />} loading={start.isPending}>
          {t('pricelists.import.start')}
        </Button>
      </Form>
    </Card>
  )
}
