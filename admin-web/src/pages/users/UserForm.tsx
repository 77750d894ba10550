// The user form (add and edit): tab 'Podaci' (name, e-mail, role, avatar) and tab 'Lozinka'.
// Client rules as spec 5; a server 422 lands on the fields, and the tab holding the first
// error is shown.
import { UploadOutlined } from '@ant-design/icons'
import { Avatar, Button, Card, Flex, Form, Input, Select, Space, Tabs, Typography, Upload } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { NotFound } from '../../components/NotFound'
import { usePageTitle } from '../../components/usePageTitle'
import { Loading } from '../../auth/guards'
import { applyServerErrors } from '../../forms/serverErrors'
import { useRoles } from '../../hooks/api/roles'
import { useCreateUser, useUpdateUser, useUploadAvatar, useUser } from '../../hooks/api/users'
import { href, screens } from '../../screens'
import { initials } from '../../layout/UserMenu'
import { avatarProblem, userRules } from './userRules'

interface UserValues {
  name: string
  email: string
  role: string
  password?: string
  password_confirmation?: string
}

const passwordFields = ['password', 'password_confirmation']

/** UserEditPage loads the user of the route's :userId and shows the form for it. */
export function UserEditPage() {
  const { userId } = useParams()
  const id = Number(userId)
  const user = useUser(id)
  if (!Number.isInteger(id) || id <= 0 || user.isError) return <NotFound />
  if (user.isPending) return <Loading />
  return <UserForm id={id} initial={{ name: user.data.name, email: user.data.email, role: user.data.roles[0] ?? '' }} avatar={user.data.image_thumb} />
}

export function UserCreatePage() {
  return <UserForm />
}

function UserForm({ id, initial, avatar }: { id?: number; initial?: UserValues; avatar?: string | null }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const creating = id === undefined
  const [form] = Form.useForm<UserValues>()
  const [tab, setTab] = useState('data')
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [leaving, setLeaving] = useState(false)
  const roles = useRoles()
  const create = useCreateUser()
  const update = useUpdateUser(id ?? 0)
  const upload = useUploadAvatar()
  const rules = userRules(t, creating)
  const title = creating ? t('users.addTitle') : t('users.editTitle', { name: initial?.name ?? '' })
  usePageTitle(title)

  // the chosen avatar's preview, released when replaced or on leaving
  const [preview, setPreview] = useState<string | undefined>()
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview)
  }, [preview])

  const showFirstError = (names: (string | number)[][]) => {
    const first = names[0]?.[0]
    if (first !== undefined) setTab(passwordFields.includes(String(first)) ? 'password' : 'data')
  }

  const backToList = () => navigate(screens.users.path)

  const submit = async (values: UserValues) => {
    const body = { ...values }
    if (!creating && !body.password) {
      delete body.password
      delete body.password_confirmation
    }
    let savedId = id
    try {
      const saved = creating ? await create.mutateAsync(body) : await update.mutateAsync(body)
      savedId = saved.data?.id ?? id
      if (file && savedId) await upload.mutateAsync({ id: savedId, file })
      backToList()
    } catch (err) {
      // a new user exists even when only the avatar failed: go on editing that user
      if (creating && savedId) {
        navigate(href(screens.user, { userId: savedId }), { replace: true })
        return
      }
      const fields = applyServerErrors(form, err)
      showFirstError(fields.map((f) => [f.name]))
      if (fields.some((f) => f.name === 'image')) setFileError(fields.find((f) => f.name === 'image')?.errors[0] ?? null)
    }
  }

  const busy = create.isPending || update.isPending || upload.isPending

  const dataTab = (
    <>
      <Form.Item name="name" label={t('users.name')} rules={rules.name}>
        <Input name="name" autoComplete="off" />
      </Form.Item>
      <Form.Item name="email" label={t('users.email')} rules={rules.email}>
        <Input name="email" type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item name="role" label={t('users.role')} rules={rules.role}>
        <Select
          loading={roles.isPending}
          options={(roles.data ?? []).map((r) => ({ value: r.name, label: r.name }))}
          showSearch
        />
      </Form.Item>
      <Form.Item label={t('users.avatar')} help={fileError ?? t('users.avatarHint')} validateStatus={fileError ? 'error' : undefined}>
        <Space>
          <Avatar size={48} src={preview ?? (avatar || undefined)}>
            {initials(initial?.name)}
          </Avatar>
          <Upload
            accept=".jpg,.jpeg,.png,.webp"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(f) => {
              const problem = avatarProblem(f)
              setFileError(problem ? t(problem) : null)
              if (!problem) {
                setFile(f)
                setPreview(URL.createObjectURL(f))
              }
              return false
            }}
          >
            <Button icon={<UploadOutlined />}>{t('users.avatarPick')}</Button>
          </Upload>
        </Space>
      </Form.Item>
    </>
  )

  const passwordTab = (
    <>
      {!creating && <Typography.Paragraph type="secondary">{t('users.passwordKeep')}</Typography.Paragraph>}
      <Form.Item name="password" label={t('users.password')} rules={rules.password}>
        <Input.Password name="password" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="password_confirmation" label={t('users.passwordConfirmation')} dependencies={['password']} rules={rules.password_confirmation}>
        <Input.Password name="password_confirmation" autoComplete="new-password" />
      </Form.Item>
    </>
  )

  return (
    <Card title={<Typography.Title level={3} style={{ margin: 0 }}>{title}</Typography.Title>}>
      <Form<UserValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        onFinishFailed={({ errorFields }) => showFirstError(errorFields.map((f) => f.name))}
        style={{ maxWidth: 560 }}
      >
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'data', label: t('users.tabData'), children: dataTab, forceRender: true },
            { key: 'password', label: t('users.tabPassword'), children: passwordTab, forceRender: true },
          ]}
        />
        <Flex gap={8} style={{ marginTop: 24 }}>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('common.save')}
          </Button>
          <Button onClick={() => (form.isFieldsTouched() || file ? setLeaving(true) : backToList())}>{t('common.cancel')}</Button>
        </Flex>
      </Form>
      <ConfirmDialog open={leaving} title={t('users.discardTitle')} onConfirm={backToList} onCancel={() => setLeaving(false)}>
        {t('users.discardText')}
      </ConfirmDialog>
    </Card>
  )
}
