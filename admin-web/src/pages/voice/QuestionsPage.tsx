// Questions and answers (view-question): the shared list filtered answered / unanswered / all
// (kept in the URL), answer from the row or the single view (/pitanja/:questionId; the asker
// gets the answer by mail), edit name, question and answer, delete after a confirmation.
import { DeleteOutlined, EditOutlined, MessageOutlined } from '@ant-design/icons'
import { Button, Card, Descriptions, Form, Input, Modal, Segmented, Space, Tag, Typography, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ListPage } from '../../components/ListPage'
import { useListParams } from '../../components/useListParams'
import { usePageTitle } from '../../components/usePageTitle'
import { applyServerErrors } from '../../forms/serverErrors'
import { formatDateTime } from '../../format'
import {
  type Question,
  type QuestionStatus,
  useAnswerQuestion,
  useDeleteQuestion,
  useQuestion,
  useQuestions,
  useUpdateQuestion,
} from '../../hooks/api/voice'
import { useStatus } from './RatingsPage'

const QUESTION_STATUSES: QuestionStatus[] = ['all', 'unanswered', 'answered']

/** the question form's limits (spec 5), the same on the edit dialog */
export const NAME_MIN = 2
export const NAME_MAX = 50
export const QUESTION_MIN = 2
export const QUESTION_MAX = 1200

export function QuestionsPage() {
  const { t } = useTranslation()
  const l = (k: string, o?: Record<string, unknown>) => t(`voice.questions.${k}`, o ?? {})
  const [params] = useListParams()
  const [status, setStatus] = useStatus(QUESTION_STATUSES, 'all')
  const list = useQuestions({ page: params.page, paginate: params.paginate, status })
  const [answering, setAnswering] = useState<Question | null>(null)
  const [editing, setEditing] = useState<Question | null>(null)
  const [deleting, setDeleting] = useState<Question | null>(null)
  const remove = useDeleteQuestion()

  const columns: TableProps<Question>['columns'] = [
    { key: 'id', title: 'ID', width: 70, render: (_, q) => <Link to={`/pitanja/${q.id}`}>{q.id}</Link> },
    { key: 'product', title: l('product'), render: (_, q) => q.product?.name },
    { key: 'name', title: l('name'), render: (_, q) => q.name },
    { key: 'question', title: l('question'), render: (_, q) => <Typography.Text>{q.question}</Typography.Text> },
    { key: 'answer', title: l('answer'), render: (_, q) => (q.answered ? <Typography.Text>{q.answer}</Typography.Text> : <Tag>{l('unanswered')}</Tag>) },
    { key: 'created', title: l('createdAt'), render: (_, q) => formatDateTime(q.created_at) },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 140,
      render: (_, q) => (
        <Space>
          <Button size="small" icon={<MessageOutlined />} aria-label={l('answerAction')} title={l('answerAction')} onClick={() => setAnswering(q)} />
          <Button size="small" icon={<EditOutlined />} aria-label={t('common.edit')} title={t('common.edit')} onClick={() => setEditing(q)} />
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} title={t('common.delete')} onClick={() => setDeleting(q)} />
        </Space>
      ),
    },
  ]

  return (
    <>
      <ListPage<Question>
        title={l('title')}
        searchable={false}
        toolbar={
          <Segmented<QuestionStatus>
            value={status}
            onChange={setStatus}
            options={QUESTION_STATUSES.map((s) => ({ value: s, label: l(`filter.${s}`) }))}
          />
        }
        rowKey="id"
        columns={columns}
        rows={list.data?.data}
        meta={list.data?.meta}
        loading={list.isFetching}
      />
      {answering && <AnswerDialog question={answering} onClose={() => setAnswering(null)} />}
      {editing && <EditDialog question={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        danger
        busy={remove.isPending}
        title={l('deleteTitle')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id!, { onSettled: () => setDeleting(null) })}
      >
        {l('deleteText', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </>
  )
}

/** AnswerDialog answers a question (required); the server mails the answer to the asker. */
export function AnswerDialog({ question, onClose }: { question: Question; onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ answer: string }>()
  const answer = useAnswerQuestion()
  const submit = async (v: { answer: string }) => {
    try {
      await answer.mutateAsync({ id: question.id!, answer: v.answer.trim() })
      onClose()
    } catch (err) {
      applyServerErrors(form, err)
    }
  }
  return (
    <Modal
      open
      title={t('voice.questions.answerTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={answer.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph strong style={{ whiteSpace: 'pre-wrap' }}>
        {question.question}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ answer: question.answer }} onFinish={submit}>
        <Form.Item name="answer" label={t('voice.questions.answer')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
          <Input.TextArea rows={5} maxLength={5000} />
        </Form.Item>
      </Form>
    </Modal>
  )
}

interface EditValues {
  name: string
  question: string
  answer: string
}

/** EditDialog edits name, question and answer (spec 5's rules; no mail goes out). */
export function EditDialog({ question, onClose }: { question: Question; onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<EditValues>()
  const update = useUpdateQuestion()
  const v = (k: string) => t(`voice.validation.${k}`)
  const submit = async (vals: EditValues) => {
    try {
      await update.mutateAsync({ id: question.id!, body: { name: vals.name.trim(), question: vals.question.trim(), answer: vals.answer.trim() } })
      onClose()
    } catch (err) {
      applyServerErrors(form, err)
    }
  }
  return (
    <Modal
      open
      title={t('voice.questions.editTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      <Form<EditValues> form={form} layout="vertical" initialValues={{ name: question.name, question: question.question, answer: question.answer }} onFinish={submit}>
        <Form.Item
          name="name"
          label={t('voice.questions.name')}
          rules={[
            { required: true, whitespace: true, message: v('nameRequired') },
            { min: NAME_MIN, message: v('nameMin') },
            { max: NAME_MAX, message: v('nameMax') },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="question"
          label={t('voice.questions.question')}
          rules={[
            { required: true, whitespace: true, message: v('questionRequired') },
            { min: QUESTION_MIN, message: v('questionMin') },
            { max: QUESTION_MAX, message: v('questionMax') },
          ]}
        >
          <Input.TextArea rows={4} />
        </Form.Item>
        <Form.Item name="answer" label={t('voice.questions.answer')}>
          <Input.TextArea rows={4} maxLength={5000} />
        </Form.Item>
      </Form>
    </Modal>
  )
}

/** QuestionDetail is the single view with answer, edit and delete. */
export function QuestionDetail() {
  const { t } = useTranslation()
  const l = (k: string, o?: Record<string, unknown>) => t(`voice.questions.${k}`, o ?? {})
  const id = Number(useParams().questionId)
  const q = useQuestion(id)
  const navigate = useNavigate()
  const remove = useDeleteQuestion()
  const [answering, setAnswering] = useState(false)
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  usePageTitle(l('single', { id }))
  const question = q.data
  return (
    <Card title={l('single', { id })} loading={q.isLoading}>
      {question && (
        <>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={l('product')}>{question.product?.name} ({question.product?.sku})</Descriptions.Item>
            <Descriptions.Item label={l('name')}>{question.name}</Descriptions.Item>
            <Descriptions.Item label={l('email')}>{question.email || question.user?.email || '—'}</Descriptions.Item>
            <Descriptions.Item label={l('question')}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{question.question}</Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label={l('answer')}>
              {question.answered ? <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{question.answer}</Typography.Paragraph> : <Tag>{l('unanswered')}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={l('createdAt')}>{formatDateTime(question.created_at)}</Descriptions.Item>
          </Descriptions>
          <Space style={{ marginTop: 16 }}>
            <Button type="primary" onClick={() => setAnswering(true)}>
              {l('answerAction')}
            </Button>
            <Button onClick={() => setEditing(true)}>{t('common.edit')}</Button>
            <Button danger onClick={() => setDeleting(true)}>
              {t('common.delete')}
            </Button>
          </Space>
          {answering && <AnswerDialog question={question} onClose={() => setAnswering(false)} />}
          {editing && <EditDialog question={question} onClose={() => setEditing(false)} />}
          <ConfirmDialog
            open={deleting}
            danger
            busy={remove.isPending}
            title={l('deleteTitle')}
            onCancel={() => setDeleting(false)}
            onConfirm={() => remove.mutate(id, { onSuccess: () => navigate('/pitanja'), onSettled: () => setDeleting(false) })}
          >
            {l('deleteText', { name: question.name })}
          </ConfirmDialog>
        </>
      )}
    </Card>
  )
}
