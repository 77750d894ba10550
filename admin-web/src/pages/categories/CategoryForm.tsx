// Add and edit a category (tabs Data and Attributes, back-office spec 2.4): name, parent,
// prefix, VAT and the three margins, description time, minimum price, allowed rebate, image and
// the declaration. A 422 lands on the fields; the image goes up after the category is saved.
import { UploadOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Col, Divider, Flex, Form, Image, Input, InputNumber, Result, Row, Space, Switch, Tabs, TreeSelect, Typography, Upload } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import type { CategoryDetail } from '../../api/catalogTypes'
import { Loading } from '../../auth/guards'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { usePageTitle } from '../../components/usePageTitle'
import { applyServerErrors, serverFieldData } from '../../forms/serverErrors'
import { useCategory, useCategoryTree, useCreateCategory, useUpdateCategory, useUploadCategoryImage } from '../../hooks/api/categoryAdmin'
import { useMe } from '../../hooks/api/session'
import { href, screens } from '../../screens'
import { imageProblem } from '../product-detail/productRules'
import { CategoryAttributesTab } from './CategoryAttributesTab'
import { canEditCategory, categoryRules, categoryTabs, emptyCategory, fromCategory, toCategoryBody, type CategoryTab, type CategoryValues } from './categoryForm'
import { treeSelectData } from './categoryTree'

export function CategoryCreatePage() {
  return <CategoryForm />
}

export function CategoryEditPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { categoryId } = useParams()
  const id = Number(categoryId)
  const valid = Number.isInteger(id) && id > 0
  const category = useCategory(valid ? id : 0)
  if (!valid || category.isError)
    return (
      <Result
        status="404"
        title={t('catalogAdmin.category.notFound')}
        extra={<Button onClick={() => navigate(screens.categories.path)}>{t('catalogAdmin.category.backToList')}</Button>}
      />
    )
  if (category.isPending) return <Loading />
  return <CategoryForm key={id} category={category.data} />
}

function CategoryForm({ category }: { category?: CategoryDetail }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { data: me } = useMe()
  const creating = !category
  const editable = canEditCategory(me, creating)
  const [form] = Form.useForm<CategoryValues>()
  const [tab, setTab] = useState<CategoryTab>('data')
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [leaving, setLeaving] = useState(false)
  const tree = useCategoryTree()
  const create = useCreateCategory()
  const update = useUpdateCategory(category?.id ?? 0)
  const upload = useUploadCategoryImage()
  const rules = categoryRules(t)
  const l = (k: string, o?: Record<string, unknown>) => t(`catalogAdmin.category.${k}`, o ?? {})
  const title = creating ? l('addTitle') : l('editTitle', { name: category.name })
  usePageTitle(creating ? l('addTitle') : category.name)
  // a category cannot move under itself or its own subtree
  const parents = useMemo(() => treeSelectData(tree.data ?? [], category?.id), [tree.data, category?.id])

  const [preview, setPreview] = useState<string | undefined>()
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview)
  }, [preview])

  const back = () => navigate(screens.categories.path)

  const submit = async (values: CategoryValues) => {
    let savedId = category?.id
    try {
      const res = creating ? await create.mutateAsync(toCategoryBody(values)) : await update.mutateAsync(toCategoryBody(values))
      savedId = res.data?.id ?? savedId
    } catch (err) {
      if (applyServerErrors(form, err).length > 0) setTab('data')
      return
    }
    if (file && savedId) {
      try {
        await upload.mutateAsync({ id: savedId, file })
        setFile(null)
      } catch (err) {
        setFileError(serverFieldData(err)[0]?.errors[0] ?? null)
      }
    }
    // a new category goes on at its own address (its Attributes tab is there)
    if (creating && savedId) navigate(href(screens.category, { categoryId: savedId }), { replace: true })
  }

  const pct = (name: 'pdv' | 'web_margin' | 'retail_margin' | 'dealer_margin', label: string) => (
    <Col xs={12} md={6}>
      <Form.Item name={name} label={l(label)} rules={rules[name]}>
        <InputNumber<number> min={0} max={100} precision={2} decimalSeparator="," style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  )

  const dataTab = (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={l('name')} rules={rules.name}>
            <Input name="name" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="prefix" label={l('prefix')} rules={rules.prefix}>
            <Input name="prefix" maxLength={3} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="active" label={l('active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="parent_id" label={l('parent')}>
        <TreeSelect
          showSearch
          allowClear
          treeNodeFilterProp="title"
          treeData={parents}
          loading={tree.isPending}
          placeholder={l('noParent')}
          notFoundContent={t('catalogAdmin.common.noResult')}
          aria-label={l('parent')}
        />
      </Form.Item>
      <Row gutter={16}>
        {pct('pdv', 'pdv')}
        {pct('web_margin', 'webMargin')}
        {pct('retail_margin', 'retailMargin')}
        {pct('dealer_margin', 'dealerMargin')}
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="description_time" label={l('descriptionTime')} rules={rules.description_time}>
            <Input name="description_time" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="min_price" label={l('minPrice')} rules={rules.min_price}>
            <InputNumber<number> min={0} precision={2} decimalSeparator="," addonAfter="RSD" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="allowed_rebate" label={l('allowedRebate')} rules={rules.allowed_rebate}>
            <InputNumber<number> min={0} precision={2} decimalSeparator="," style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={l('image')} validateStatus={fileError ? 'error' : undefined} help={fileError ?? undefined}>
        <Space align="start">
          {(preview ?? category?.image) && <Image src={preview ?? category?.image ?? undefined} width={96} />}
          <Upload
            accept="image/jpeg,image/png,image/webp"
            showUploadList={false}
            disabled={!editable}
            beforeUpload={(f) => {
              const p = imageProblem(f)
              setFileError(p && t(p))
              if (!p) {
                setFile(f)
                setPreview(URL.createObjectURL(f))
              }
              return false
            }}
          >
            <Button icon={<UploadOutlined />}>{l('pickImage')}</Button>
          </Upload>
        </Space>
      </Form.Item>
      <Divider orientation="left" plain>
        {l('declaration')}
      </Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="declaration_name" label={l('declarationName')} rules={rules.declaration_name}>
            <Input name="declaration_name" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="country_of_origin" label={l('countryOfOrigin')} rules={rules.country_of_origin}>
            <Input name="country_of_origin" autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="consumer_rights" label={l('consumerRights')}>
        <Input.TextArea name="consumer_rights" autoSize={{ minRows: 3, maxRows: 10 }} />
      </Form.Item>
      <Flex gap={8} style={{ marginTop: 8 }}>
        {editable && (
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending || upload.isPending}>
            {t('common.save')}
          </Button>
        )}
        <Button onClick={() => (form.isFieldsTouched() || file ? setLeaving(true) : back())}>{creating ? t('common.cancel') : l('backToList')}</Button>
      </Flex>
    </>
  )

  return (
    <Card title={<Typography.Title level={3} style={{ margin: 0 }}>{title}</Typography.Title>}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as CategoryTab)}
        items={[
          {
            key: 'data',
            label: l('tabData'),
            forceRender: true,
            children: (
              <Form<CategoryValues>
                form={form}
                layout="vertical"
                disabled={!editable}
                initialValues={category ? fromCategory(category) : emptyCategory}
                onFinish={submit}
                style={{ maxWidth: 960 }}
              >
                {dataTab}
              </Form>
            ),
          },
          {
            key: 'attributes',
            label: l('tabAttributes'),
            disabled: !categoryTabs(creating).includes('attributes'),
            children: category ? <CategoryAttributesTab id={category.id} editable={editable} /> : <Alert type="info" message={l('attributesAfterSave')} />,
          },
        ]}
      />
      <ConfirmDialog open={leaving} title={t('catalogAdmin.common.discardTitle')} onConfirm={back} onCancel={() => setLeaving(false)}>
        {t('catalogAdmin.common.discardText')}
      </ConfirmDialog>
    </Card>
  )
}
