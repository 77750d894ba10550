// Ratings (view-rating): the shared list with a status filter (approved / disapproved / all,
// kept in the URL), approve or disapprove per row, delete after a confirmation with an undo
// bar, and the single view (/ocene/:ratingId) with the same actions.
import { CheckOutlined, CloseOutlined, DeleteOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Descriptions, Rate, Segmented, Space, Tag, Typography, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams, useSearchParams } from 'react-router'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ListPage } from '../../components/ListPage'
import { useListParams } from '../../components/useListParams'
import { usePageTitle } from '../../components/usePageTitle'
import { formatDateTime } from '../../format'
import {
  type Rating,
  type RatingStatus,
  useApproveRating,
  useDeleteRating,
  useRating,
  useRatings,
  useRestoreRating,
} from '../../hooks/api/voice'

const RATING_STATUSES: RatingStatus[] = ['all', 'approved', 'disapproved']

/** useStatus reads a list's status filter from the URL (?status=), with its default. */
export function useStatus<S extends string>(choices: S[], dflt: S): [S, (s: S) => void] {
  const [q, setQ] = useSearchParams()
  const raw = q.get('status') as S | null
  const status = raw && choices.includes(raw) ? raw : dflt
  const set = (s: S) =>
    setQ((prev) => {
      const next = new URLSearchParams(prev)
      if (s === dflt) next.delete('status')
      else next.set('status', s)
      next.delete('page')
      return next
    })
  return [status, set]
}

/** RatingActions: approve or disapprove, and delete (with its confirmation and undo). */
function useRatingActions() {
  const approve = useApproveRating()
  const remove = useDeleteRating()
  const restore = useRestoreRating()
  const [deleting, setDeleting] = useState<Rating | null>(null)
  const [deleted, setDeleted] = useState<Rating | null>(null)
  return { approve, remove, restore, deleting, setDeleting, deleted, setDeleted }
}

export function RatingsPage() {
  const { t } = useTranslation()
  const l = (k: string, o?: Record<string, unknown>) => t(`voice.ratings.${k}`, o ?? {})
  const [params] = useListParams()
  const [status, setStatus] = useStatus(RATING_STATUSES, 'all')
  const list = useRatings({ page: params.page, paginate: params.paginate, status })
  const a = useRatingActions()

  const columns: TableProps<Rating>['columns'] = [
    { key: 'id', title: 'ID', width: 70, render: (_, r) => <Link to={`/ocene/${r.id}`}>{r.id}</Link> },
    { key: 'product', title: l('product'), render: (_, r) => r.product?.name },
    {
      key: 'user',
      title: l('user'),
      render: (_, r) => (
        <>
          {r.user?.name} {r.guest && <Tag>{l('guest')}</Tag>}
        </>
      ),
    },
    { key: 'rating', title: l('rating'), width: 150, render: (_, r) => <Rate disabled value={r.rating} aria-label={`${r.rating}`} /> },
    { key: 'comment', title: l('comment'), render: (_, r) => <Typography.Text>{r.comment}</Typography.Text> },
    { key: 'status', title: l('status'), render: (_, r) => (r.approved ? <Tag color="green">{l('approved')}</Tag> : <Tag>{l('disapproved')}</Tag>) },
    { key: 'created', title: l('createdAt'), render: (_, r) => formatDateTime(r.created_at) },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 130,
      render: (_, r) => (
        <Space>
          {r.approved ? (
            <Button size="small" icon={<CloseOutlined />} aria-label={l('disapprove')} title={l('disapprove')} onClick={() => a.approve.mutate({ id: r.id!, approved: false })} />
          ) : (
            <Button size="small" icon={<CheckOutlined />} aria-label={l('approve')} title={l('approve')} onClick={() => a.approve.mutate({ id: r.id!, approved: true })} />
          )}
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} title={t('common.delete')} onClick={() => a.setDeleting(r)} />
        </Space>
      ),
    },
  ]

  return (
    <>
      {a.deleted && <UndoBar rating={a.deleted} onUndo={() => a.restore.mutate(a.deleted!.id!, { onSettled: () => a.setDeleted(null) })} onClose={() => a.setDeleted(null)} />}
      <ListPage<Rating>
        title={l('title')}
        searchable={false}
        toolbar={
          <Segmented<RatingStatus>
            value={status}
            onChange={setStatus}
            options={RATING_STATUSES.map((s) => ({ value: s, label: l(`filter.${s}`) }))}
          />
        }
        rowKey="id"
        columns={columns}
        rows={list.data?.data}
        meta={list.data?.meta}
        loading={list.isFetching}
      />
      <DeleteRating a={a} />
    </>
  )
}

function UndoBar({ rating, onUndo, onClose }: { rating: Rating; onUndo: () => void; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Alert
      style={{ marginBottom: 12 }}
      type="info"
      closable
      onClose={onClose}
      message={t('voice.ratings.deleted', { id: rating.id })}
      action={
        <Button size="small" onClick={onUndo}>
          {t('voice.ratings.undo')}
        </Button>
      }
    />
  )
}

function DeleteRating({ a }: { a: ReturnType<typeof useRatingActions> }) {
  const { t } = useTranslation()
  return (
    <ConfirmDialog
      open={a.deleting !== null}
      danger
      busy={a.remove.isPending}
      title={t('voice.ratings.deleteTitle')}
      onCancel={() => a.setDeleting(null)}
      onConfirm={() => {
        const r = a.deleting
        if (!r) return
        a.remove.mutate(r.id!, { onSuccess: () => a.setDeleted(r), onSettled: () => a.setDeleting(null) })
      }}
    >
      {t('voice.ratings.deleteText', { product: a.deleting?.product?.name ?? '' })}
    </ConfirmDialog>
  )
}

/** RatingDetail is the single view: the rating, approve or disapprove, delete with undo. */
export function RatingDetail() {
  const { t } = useTranslation()
  const l = (k: string, o?: Record<string, unknown>) => t(`voice.ratings.${k}`, o ?? {})
  const id = Number(useParams().ratingId)
  const r = useRating(id)
  const a = useRatingActions()
  usePageTitle(l('single', { id }))
  const rating = r.data
  return (
    <Card title={l('single', { id })} loading={r.isLoading}>
      {a.deleted && <UndoBar rating={a.deleted} onUndo={() => a.restore.mutate(id, { onSettled: () => a.setDeleted(null) })} onClose={() => a.setDeleted(null)} />}
      {rating && (
        <>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={l('product')}>{rating.product?.name} ({rating.product?.sku})</Descriptions.Item>
            <Descriptions.Item label={l('user')}>
              {rating.user?.name} {rating.user?.email ? `<${rating.user.email}>` : ''} {rating.guest && <Tag>{l('guest')}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={l('rating')}>
              <Rate disabled value={rating.rating} />
            </Descriptions.Item>
            <Descriptions.Item label={l('comment')}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{rating.comment}</Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label={l('status')}>
              {rating.deleted ? <Tag color="red">{l('isDeleted')}</Tag> : rating.approved ? <Tag color="green">{l('approved')}</Tag> : <Tag>{l('disapproved')}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={l('createdAt')}>{formatDateTime(rating.created_at)}</Descriptions.Item>
          </Descriptions>
          {!rating.deleted && (
            <Space style={{ marginTop: 16 }}>
              {rating.approved ? (
                <Button onClick={() => a.approve.mutate({ id, approved: false })}>{l('disapprove')}</Button>
              ) : (
                <Button type="primary" onClick={() => a.approve.mutate({ id, approved: true })}>
                  {l('approve')}
                </Button>
              )}
              <Button danger onClick={() => a.setDeleting(rating)}>
                {t('common.delete')}
              </Button>
            </Space>
          )}
          {rating.deleted && !a.deleted && (
            <Button style={{ marginTop: 16 }} onClick={() => a.restore.mutate(id)}>
              {l('undo')}
            </Button>
          )}
        </>
      )}
      <DeleteRating a={a} />
    </Card>
  )
}
