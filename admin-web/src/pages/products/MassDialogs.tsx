// The six mass dialogs of the product list (see MassActions.tsx) and the select-first refusal,
// loaded when one of them opens.
import { UploadOutlined } from '@ant-design/icons'
import { Alert, Button, Form, Input, InputNumber, List, Modal, Progress, Radio, Select, Space, Typography, Upload, type FormInstance } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CatalogStickerType, Category, TransferCheck } from '../../api/catalogTypes'
import { DayPicker } from '../../components/DayPicker'
import { SearchableSelect } from '../../components/SearchableSelect'
import { ApiError } from '../../api/client'
import { toastForError } from '../../api/errorToast'
import { applyServerErrors, serverFieldData } from '../../forms/serverErrors'
import { catalogStickerTypeSearch, useCatalogStickerTypesLookup } from '../../hooks/api/catalogStickerTypes'
import { categorySearch, useCategoriesLookup } from '../../hooks/api/categories'
import { useDiscountTypesLookup } from '../../hooks/api/discountTypes'
import { useMassRun, type DiscountTypeRow, type MassRun } from '../../hooks/api/discounts'
import {
  checkTransfer,
  STICKER_MAX_BYTES,
  useMassAttributes,
  useMassCatalogSticker,
  useMassDescription,
  useMassDiscount,
  useMassEnergySticker,
  useTransfer,
  type Target,
} from '../../hooks/api/products'
import { toast } from '../../notify'
import { discountRules, isPercentageType, toDiscountBody, type DiscountValues } from '../discounts/discountRules'
import { plainToLexical } from '../product-detail/richText'
import { DESCRIPTION_MAX, DESCRIPTION_MIN } from '../product-detail/productRules'
import type { Gate, MassAction } from './massRules'

export interface MassDialogsProps {
  /** the dialog to show */
  open: MassAction | null
  /** the select-first rules' refusal to show */
  refusal: Extract<Gate, { ok: false }> | null
  target: Target
  /** the filtered category (the attributes dialog needs one) */
  category: number | undefined
  onDone: () => void
  onCancel: () => void
  onCloseRefusal: () => void
}

export function MassDialogs({ open, refusal, target, category, onDone: done, onCancel: close, onCloseRefusal: closeRefusal }: MassDialogsProps) {
  const { t } = useTranslation()
  return (
    <>
      <Modal
        open={refusal !== null}
        title={t('mass.title')}
        okText={t('mass.ok')}
        cancelButtonProps={{ style: { display: 'none' } }}
        onOk={() => closeRefusal()}
        onCancel={() => closeRefusal()}
        destroyOnHidden
      >
        <p role="alert">{refusal && t(`mass.${refusal.message}`)}</p>
      </Modal>

      {open === 'description' && <DescriptionDialog target={target} onDone={done} onCancel={close} />}
      {open === 'discount' && <DiscountDialog target={target} onDone={done} onCancel={close} />}
      {open === 'attributes' && category !== undefined && (
        <AttributesDialog target={target} categoryId={category} onDone={done} onCancel={close} />
      )}
      {open === 'transfer' && <TransferDialog target={target} onDone={done} onCancel={close} />}
      {open === 'energySticker' && <EnergyStickerDialog target={target} onDone={done} onCancel={close} />}
      {open === 'catalogSticker' && <CatalogStickerDialog target={target} onDone={done} onCancel={close} />}
    </>
  )
}

interface DialogProps {
  target: Target
  onDone: () => void
  onCancel: () => void
}

/**
 * useRefusal: the dialog's answer to a failed call. A 422's messages for the form's own fields go
 * onto them; the others (ids, sticker, category_id, ...) and a 422 without fields are kept to show
 * in the dialog. Other failures are the app's toasts (the mutation cache reports them).
 */
function useRefusal(form?: FormInstance, fields: readonly string[] = []) {
  const [messages, setMessages] = useState<string[]>([])
  const onError = (err: unknown) => {
    if (!(err instanceof ApiError) || err.status !== 422) return setMessages([])
    if (form) applyServerErrors(form, err)
    const rest = serverFieldData(err)
      .filter((f) => !fields.includes(f.name))
      .map((f) => f.errors[0])
    if (rest.length === 0 && serverFieldData(err).length === 0 && err.body?.message) rest.push(err.body.message)
    setMessages(rest)
  }
  return { messages, onError, clear: () => setMessages([]) }
}

function Refusal({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginBottom: 12 }}
      message={messages.length === 1 ? messages[0] : <ul style={{ margin: 0, paddingInlineStart: 16 }}>{messages.map((m) => <li key={m}>{m}</li>)}</ul>}
    />
  )
}

function Chosen({ target }: { target: Target }) {
  const { t } = useTranslation()
  return (
    <Typography.Paragraph type="secondary">
      {target.ids.length ? t('mass.chosenIds', { count: target.ids.length }) : t('mass.chosenFiltered')}
    </Typography.Paragraph>
  )
}

function DescriptionDialog({ target, onDone, onCancel }: DialogProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ description: string }>()
  const save = useMassDescription()
  const refusal = useRefusal(form, ['description'])
  return (
    <Modal
      open
      title={t('mass.description')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: save.isPending }}
      onOk={() => form.submit()}
      onCancel={onCancel}
    >
      <Chosen target={target} />
      <Refusal messages={refusal.messages} />
      <Form
        form={form}
        layout="vertical"
        onFinish={({ description }) => {
          refusal.clear()
          // stored as the product form stores it: rich text (one paragraph a line)
          save.mutate({ target, description: plainToLexical(description.trim()) }, { onSuccess: onDone, onError: refusal.onError })
        }}
      >
        <Form.Item
          name="description"
          label={t('mass.descriptionField')}
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            { min: DESCRIPTION_MIN, message: t('validation.min', { n: DESCRIPTION_MIN }) },
            { max: DESCRIPTION_MAX, message: t('validation.max', { n: DESCRIPTION_MAX }) },
          ]}
        >
          <Input.TextArea rows={6} />
        </Form.Item>
      </Form>
    </Modal>
  )
}

interface Period {
  from?: string
  to?: string
}

/**
 * DiscountDialog: the mass discount (POST admin/discounts/mass-add): the type, its fixed price or
 * percentage by the type's flag, from and to. The server answers with the run at once; the dialog
 * then shows its progress until it is done (how many got the action, how many were skipped for an
 * overlapping one) or failed; the starter also gets a notification.
 */
function DiscountDialog({ target, onDone, onCancel }: DialogProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<DiscountValues>()
  const types = useDiscountTypesLookup()
  const save = useMassDiscount()
  const refusal = useRefusal(form, ['discount_type_id', 'price', 'percentage', 'from', 'to'])
  const [runId, setRunId] = useState<number | undefined>()
  const rules = discountRules(t)
  const typeId = Form.useWatch('discount_type_id', form)
  const percentageType = isPercentageType(types.data as DiscountTypeRow[] | undefined, typeId)
  if (runId !== undefined) return <MassRunDialog id={runId} onClose={onDone} />
  return (
    <Modal
      open
      title={t('mass.discount')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: save.isPending }}
      onOk={() => form.submit()}
      onCancel={onCancel}
    >
      <Chosen target={target} />
      <Refusal messages={refusal.messages} />
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => {
          refusal.clear()
          const { discount_type_id, from, to, ...amount } = toDiscountBody(v, percentageType)
          save.mutate(
            { target, discount: { discount_type_id, from, to, ...amount } },
            { onSuccess: (res) => setRunId((res as { data?: MassRun }).data?.id), onError: refusal.onError },
          )
        }}
      >
        <Form.Item name="discount_type_id" label={t('mass.discountType')} rules={rules.discount_type_id}>
          <Select aria-label={t('mass.discountType')} options={(types.data ?? []).map((d) => ({ value: d.id, label: d.name }))} />
        </Form.Item>
        {percentageType ? (
          <Form.Item name="percentage" label={t('discounts.mass.percentage')} rules={rules.percentage}>
            <InputNumber aria-label={t('discounts.mass.percentage')} min={0} max={100} addonAfter="%" />
          </Form.Item>
        ) : (
          <Form.Item name="price" label={t('discounts.mass.price')} rules={rules.price}>
            <InputNumber aria-label={t('discounts.mass.price')} min={0} addonAfter="RSD" />
          </Form.Item>
        )}
        <Form.Item name="from" label={t('mass.from')} rules={rules.from}>
          <DayPicker aria-label={t('mass.from')} />
        </Form.Item>
        <Form.Item name="to" label={t('mass.to')} rules={rules.to} dependencies={['from']}>
          <DayPicker aria-label={t('mass.to')} />
        </Form.Item>
      </Form>
    </Modal>
  )
}

/** MassRunDialog shows a mass discount run's progress (polled) until it ends. */
export function MassRunDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation()
  const run = useMassRun(id).data
  const state = run?.state ?? 'queued'
  let text: string
  switch (state) {
    case 'done':
      text = t('discounts.mass.done', { added: run?.added ?? 0, skipped: run?.skipped ?? 0 })
      break
    case 'failed':
      text = t('discounts.mass.failed', { error: run?.error ?? '' })
      break
    default:
      text = t(`discounts.mass.${state === 'running' ? 'running' : 'queued'}`)
  }
  return (
    <Modal
      open
      title={t('discounts.mass.progressTitle')}
      okText={t('discounts.mass.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      onOk={onClose}
      onCancel={onClose}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Progress percent={state === 'done' || state === 'failed' ? 100 : state === 'running' ? 50 : 10} status={state === 'failed' ? 'exception' : state === 'done' ? 'success' : 'active'} />
        <Typography.Text role="status">{text}</Typography.Text>
      </Space>
    </Modal>
  )
}

function AttributesDialog({ target, categoryId, onDone, onCancel }: DialogProps & { categoryId: number }) {
  const { t } = useTranslation()
  const [activate, setActivate] = useState(true)
  const categories = useCategoriesLookup()
  const save = useMassAttributes()
  const refusal = useRefusal()
  const name = categories.data?.find((c) => c.id === categoryId)?.name ?? `#${categoryId}`
  return (
    <Modal
      open
      title={t('mass.attributes')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: save.isPending }}
      onOk={() => {
        refusal.clear()
        save.mutate({ target, categoryId, activate }, { onSuccess: onDone, onError: refusal.onError })
      }}
      onCancel={onCancel}
    >
      <Chosen target={target} />
      <Refusal messages={refusal.messages} />
      <Typography.Paragraph>{t('mass.inCategory', { name })}</Typography.Paragraph>
      <Radio.Group
        value={activate}
        onChange={(e) => setActivate(e.target.value as boolean)}
        options={[
          { value: true, label: t('mass.activateAttributes') },
          { value: false, label: t('mass.deactivateAttributes') },
        ]}
      />
    </Modal>
  )
}

function TransferDialog({ target, onDone, onCancel }: DialogProps) {
  const { t, i18n } = useTranslation()
  const [categoryId, setCategoryId] = useState<number>()
  const [missing, setMissing] = useState<TransferCheck['attributes']>()
  const [checking, setChecking] = useState(false)
  const categories = useCategoriesLookup()
  const save = useTransfer()
  const refusal = useRefusal()
  const apply = (active: boolean) => {
    if (categoryId === undefined) return
    refusal.clear()
    save.mutate({ transfer: { category_id: categoryId, target }, active }, { onSuccess: onDone, onError: refusal.onError })
  }

  const check = async () => {
    if (categoryId === undefined) return
    refusal.clear()
    setChecking(true)
    try {
      const res = await checkTransfer({ category_id: categoryId, target })
      const lack = res.attributes ?? []
      // nothing missing: the move goes through at once, the attributes active
      if (lack.length === 0) apply(true)
      else setMissing(lack)
    } catch (err) {
      // the check is a plain call, not a query or mutation: report it as they are reported
      refusal.onError(err)
      const shown = toastForError(err, i18n.t.bind(i18n))
      if (shown) toast(shown)
    } finally {
      setChecking(false)
    }
  }

  return (
    <Modal
      open
      title={t('mass.transfer')}
      onCancel={onCancel}
      footer={
        missing?.length ? (
          <Space wrap>
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
            <Button loading={save.isPending} onClick={() => apply(false)}>
              {t('mass.createDeactivate')}
            </Button>
            <Button type="primary" loading={save.isPending} onClick={() => apply(true)}>
              {t('mass.createActivate')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
            <Button type="primary" disabled={categoryId === undefined} loading={checking || save.isPending} onClick={() => void check()}>
              {t('mass.transferGo')}
            </Button>
          </Space>
        )
      }
    >
      <Chosen target={target} />
      <Refusal messages={refusal.messages} />
      <Form layout="vertical" component="div">
        <Form.Item label={t('mass.targetCategory')} htmlFor="transfer-category" required>
          <SearchableSelect<Category>
            id="transfer-category"
            source={categorySearch}
            toOption={(c) => ({ value: c.id, label: c.name })}
            known={categories.data}
            pageSize={1000}
            value={categoryId}
            onChange={(id) => {
              setCategoryId(id)
              setMissing(undefined)
            }}
            disabled={!!missing?.length}
          />
        </Form.Item>
      </Form>
      {!!missing?.length && (
        <>
          <Alert type="warning" showIcon message={t('mass.missingAttributes')} />
          <List size="small" dataSource={missing} renderItem={(a) => <List.Item>{a.name}</List.Item>} />
        </>
      )}
    </Modal>
  )
}

function EnergyStickerDialog({ target, onDone, onCancel }: DialogProps) {
  const { t } = useTranslation()
  const [file, setFile] = useState<File>()
  const [error, setError] = useState<string>()
  const save = useMassEnergySticker()
  const refusal = useRefusal()
  return (
    <Modal
      open
      title={t('mass.energySticker')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: save.isPending, disabled: !file }}
      onOk={() => {
        if (!file) return
        refusal.clear()
        save.mutate({ target, sticker: file }, { onSuccess: onDone, onError: refusal.onError })
      }}
      onCancel={onCancel}
    >
      <Chosen target={target} />
      <Refusal messages={refusal.messages} />
      <Upload
        accept="image/jpeg,image/png,image/webp"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(f) => {
          refusal.clear()
          if (f.size > STICKER_MAX_BYTES) {
            setError(t('validation.imageSize'))
            setFile(undefined)
          } else {
            setError(undefined)
            setFile(f)
          }
          return false
        }}
      >
        <Button icon={<UploadOutlined />}>{t('mass.pickSticker')}</Button>
      </Upload>
      {file && <Typography.Paragraph style={{ marginTop: 8 }}>{file.name}</Typography.Paragraph>}
      {error && (
        <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 8 }}>
          {error}
        </Typography.Paragraph>
      )}
    </Modal>
  )
}

function CatalogStickerDialog({ target, onDone, onCancel }: DialogProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ catalog_sticker_type_id: number } & Period>()
  const types = useCatalogStickerTypesLookup()
  const save = useMassCatalogSticker()
  const refusal = useRefusal(form, ['catalog_sticker_type_id', 'from', 'to'])
  return (
    <Modal
      open
      title={t('mass.catalogSticker')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: save.isPending }}
      onOk={() => form.submit()}
      onCancel={onCancel}
    >
      <Chosen target={target} />
      <Refusal messages={refusal.messages} />
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => {
          refusal.clear()
          save.mutate(
            { target, sticker: { catalog_sticker_type_id: v.catalog_sticker_type_id, from: v.from!, to: v.to! } },
            { onSuccess: onDone, onError: refusal.onError },
          )
        }}
      >
        <Form.Item name="catalog_sticker_type_id" label={t('mass.stickerType')} rules={[{ required: true, message: t('mass.stickerTypeRequired') }]}>
          <SearchableSelect<CatalogStickerType>
            source={catalogStickerTypeSearch}
            toOption={(s) => ({ value: s.id, label: s.name })}
            known={types.data}
          />
        </Form.Item>
        <Form.Item name="from" label={t('mass.stickerFrom')} rules={[{ required: true, message: t('mass.stickerFromRequired') }]}>
          <DayPicker />
        </Form.Item>
        <Form.Item name="to" label={t('mass.stickerTo')} rules={[{ required: true, message: t('mass.stickerToRequired') }]}>
          <DayPicker />
        </Form.Item>
      </Form>
    </Modal>
  )
}
