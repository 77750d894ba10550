// Images of a product: the main image and at most 3 extra images, each JPEG, PNG or WEBP of at
// most 2 MB. On create they are only chosen (LocalImages) and go up after the product is saved;
// on a saved product (ProductImagesTab) each choice is uploaded at once and images can be deleted.
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Empty, Flex, Image, Space, Spin, Tag, Typography, Upload } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { serverFieldData } from '../../forms/serverErrors'
import { useDeleteImage, useProductImages, useUploadImages, useUploadMainImage } from '../../hooks/api/productDetail'
import { extraImagesProblem, imageProblem, MAX_EXTRA_IMAGES } from './productRules'

const ACCEPT = 'image/jpeg,image/png,image/webp'

export interface ChosenImages {
  main: File | null
  extra: File[]
}

/** checkFiles: the first problem of a choice of files (type, size, then the count), or null. */
export function checkFiles(files: File[], existing: number, extra: boolean): string | null {
  for (const f of files) {
    const p = imageProblem(f)
    if (p) return p
  }
  return extra ? extraImagesProblem(existing, files.length) : null
}

function usePreviews(files: File[]): string[] {
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files])
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls])
  return urls
}

/** LocalImages: the images chosen on the create form, uploaded after the product is saved. */
export function LocalImages({ value, onChange }: { value: ChosenImages; onChange: (v: ChosenImages) => void }) {
  const { t } = useTranslation()
  const [problem, setProblem] = useState<string | null>(null)
  const mainPreview = usePreviews(value.main ? [value.main] : [])
  const extraPreviews = usePreviews(value.extra)
  return (
    <Flex vertical gap={16}>
      {problem && <Alert type="error" showIcon message={problem} closable onClose={() => setProblem(null)} />}
      <Card size="small" title={t('catalogAdmin.product.mainImage')}>
        <Space align="start" wrap>
          {mainPreview[0] && <Image src={mainPreview[0]} width={120} alt={value.main?.name} />}
          <Upload
            accept={ACCEPT}
            showUploadList={false}
            beforeUpload={(f) => {
              const p = checkFiles([f], 0, false)
              setProblem(p && t(p))
              if (!p) onChange({ ...value, main: f })
              return false
            }}
          >
            <Button icon={<UploadOutlined />}>{t('catalogAdmin.product.pickMain')}</Button>
          </Upload>
          {value.main && (
            <Button icon={<DeleteOutlined />} onClick={() => onChange({ ...value, main: null })}>
              {t('catalogAdmin.common.remove')}
            </Button>
          )}
        </Space>
      </Card>
      <Card size="small" title={t('catalogAdmin.product.extraImages', { n: MAX_EXTRA_IMAGES })}>
        <Space align="start" wrap>
          {extraPreviews.map((u, i) => (
            <Flex key={u} vertical gap={4} align="center">
              <Image src={u} width={120} alt={value.extra[i]?.name} />
              <Button size="small" icon={<DeleteOutlined />} onClick={() => onChange({ ...value, extra: value.extra.filter((_, j) => j !== i) })}>
                {t('catalogAdmin.common.remove')}
              </Button>
            </Flex>
          ))}
          <Upload
            accept={ACCEPT}
            multiple
            showUploadList={false}
            beforeUpload={(f, list) => {
              // antd calls this once per file of a multiple choice: judge the whole choice once
              if (f !== list[0]) return false
              const p = checkFiles(list, value.extra.length, true)
              setProblem(p && t(p))
              if (!p) onChange({ ...value, extra: [...value.extra, ...list] })
              return false
            }}
          >
            <Button icon={<UploadOutlined />} disabled={value.extra.length >= MAX_EXTRA_IMAGES}>
              {t('catalogAdmin.product.pickExtra')}
            </Button>
          </Upload>
        </Space>
      </Card>
    </Flex>
  )
}

/** ProductImagesTab: a saved product's images, uploaded and deleted at once. */
export function ProductImagesTab({ id, mainImage }: { id: number; mainImage?: { small: string; large: string } | null }) {
  const { t } = useTranslation()
  const images = useProductImages(id)
  const uploadMain = useUploadMainImage()
  const uploadExtra = useUploadImages()
  const remove = useDeleteImage(id)
  const [problem, setProblem] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<number | null>(null)
  const list = images.data ?? []
  const extra = list.filter((i) => !i.main)
  const main = list.find((i) => i.main) ?? mainImage

  const serverProblem = (err: unknown) => {
    const f = serverFieldData(err)
    setProblem(f[0]?.errors[0] ?? null)
  }

  return (
    <Spin spinning={images.isPending || uploadMain.isPending || uploadExtra.isPending}>
      <Flex vertical gap={16}>
        {problem && <Alert type="error" showIcon message={problem} closable onClose={() => setProblem(null)} />}
        <Card size="small" title={t('catalogAdmin.product.mainImage')}>
          <Space align="start" wrap>
            {main ? <Image src={main.small} preview={{ src: main.large }} width={140} alt={t('catalogAdmin.product.mainImage')} /> : <Typography.Text type="secondary">{t('catalogAdmin.product.noMainImage')}</Typography.Text>}
            <Upload
              accept={ACCEPT}
              showUploadList={false}
              beforeUpload={(f) => {
                const p = checkFiles([f], 0, false)
                setProblem(p && t(p))
                if (!p) uploadMain.mutate({ id, file: f }, { onError: serverProblem })
                return false
              }}
            >
              <Button icon={<UploadOutlined />}>{main ? t('catalogAdmin.product.replaceMain') : t('catalogAdmin.product.pickMain')}</Button>
            </Upload>
          </Space>
        </Card>
        <Card size="small" title={t('catalogAdmin.product.extraImages', { n: MAX_EXTRA_IMAGES })}>
          <Space align="start" wrap>
            {extra.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />}
            {extra.map((img) => (
              <Flex key={img.id} vertical gap={4} align="center">
                <Image src={img.small} preview={{ src: img.large }} width={140} alt={t('catalogAdmin.product.tabImages')} />
                <Button size="small" danger icon={<DeleteOutlined />} onClick={() => setDeleting(img.id)}>
                  {t('catalogAdmin.common.delete')}
                </Button>
              </Flex>
            ))}
          </Space>
          <div style={{ marginTop: 12 }}>
            <Upload
              accept={ACCEPT}
              multiple
              showUploadList={false}
              beforeUpload={(f, files) => {
                if (f !== files[0]) return false
                const p = checkFiles(files, extra.length, true)
                setProblem(p && t(p))
                if (!p) uploadExtra.mutate({ id, files }, { onError: serverProblem })
                return false
              }}
            >
              <Button icon={<UploadOutlined />} disabled={extra.length >= MAX_EXTRA_IMAGES}>
                {t('catalogAdmin.product.pickExtra')}
              </Button>
            </Upload>
            {extra.length >= MAX_EXTRA_IMAGES && (
              <Tag style={{ marginLeft: 8 }}>{t('catalogAdmin.validation.maxImages')}</Tag>
            )}
          </div>
        </Card>
      </Flex>
      <ConfirmDialog
        open={deleting !== null}
        danger
        busy={remove.isPending}
        title={t('catalogAdmin.product.deleteImageTitle')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting !== null && remove.mutate(deleting, { onSettled: () => setDeleting(null) })}
      >
        {t('catalogAdmin.product.deleteImageText')}
      </ConfirmDialog>
    </Spin>
  )
}
