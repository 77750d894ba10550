// Authorization (view-role, module Authorization): the roles with how many users hold each; a
// new role (name 2-255) in a dialog; the chosen role's name and its permissions, grouped as the
// server groups them, each can or cannot, saved together. Deleting asks Da/Ne; the server
// refuses a role users hold, naming how many, and that message shows beside the role (and as
// the app's error toast). super-admin and customer are fixed: shown, never edited.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Checkbox, Col, Form, Input, Modal, Row, Space, Tag, Typography, type TableProps } from 'antd'
import type { TFunction } from 'i18next'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, type Role } from '../../api/client'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { SimpleTable } from '../../components/SimpleTable'
import { usePageTitle } from '../../components/usePageTitle'
import { applyServerErrors } from '../../forms/serverErrors'
import { useCreateRole, useDeleteRole, usePermissionGroups, useRoles, useUpdateRole, type PermissionGroup } from '../../hooks/api/roles'

export function roleNameRules(t: TFunction) {
  return [
    { required: true, whitespace: true, message: t('validation.required') },
    { min: 2, message: t('validation.min', { n: 2 }) },
    { max: 255, message: t('validation.max', { n: 255 }) },
  ]
}

export function AuthorizationPage() {
  const { t } = useTranslation()
  const l = (k: string, o?: Record<string, unknown>) => t(`staff.roles.${k}`, o ?? {})
  usePageTitle(l('title'))
  const roles = useRoles()
  const groups = usePermissionGroups()
  const remove = useDeleteRole()
  const [selectedId, setSelectedId] = useState<number | null>(null)
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<Role | null>(null)
  const [refusal, setRefusal] = useState<{ id: number; message: string } | null>(null)
  const list = roles.data ?? []
  const selected = list.find((r) => r.id === selectedId) ?? null

  const columns: TableProps<Role>['columns'] = [
    {
      key: 'name',
      title: l('name'),
      render: (_, r) => (
        <Button type="link" style={{ padding: 0 }} aria-pressed={r.id === selectedId} onClick={() => setSelectedId(r.id ?? null)}>
          {r.name}
        </Button>
      ),
    },
    { key: 'users', title: l('usersCount'), render: (_, r) => r.users_count },
    { key: 'perms', title: l('permissionsCount'), render: (_, r) => (r.name === 'super-admin' ? l('all') : (r.permissions ?? []).length) },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, r) =>
        r.fixed ? (
          <Tag>{l('fixed')}</Tag>
        ) : (
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${t('common.delete')} ${r.name}`}
            title={t('common.delete')}
            onClick={() => setDeleting(r)}
          />
        ),
    },
  ]

  return (
    <>
      <Typography.Title level={3}>{l('title')}</Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card
            title={l('roles')}
            extra={
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                {l('add')}
              </Button>
            }
          >
            {refusal && (
              <Alert type="error" showIcon closable style={{ marginBottom: 12 }} message={refusal.message} onClose={() => setRefusal(null)} data-testid="role-refusal" />
            )}
            <SimpleTable<Role> rowKey="id" columns={columns} dataSource={list} loading={roles.isFetching} emptyText={t('common.noData')} />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          {selected ? (
            <RoleEditor key={selected.id} role={selected} groups={groups.data ?? []} />
          ) : (
            <Card>
              <Typography.Text type="secondary">{l('pick')}</Typography.Text>
            </Card>
          )}
        </Col>
      </Row>
      {adding && (
        <AddRoleDialog
          onClose={(id) => {
            setAdding(false)
            if (id) setSelectedId(id)
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        danger
        busy={remove.isPending}
        title={l('deleteTitle')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const role = deleting
          if (!role?.id) return
          setRefusal(null)
          remove.mutate(role.id, {
            onSuccess: () => {
              if (selectedId === role.id) setSelectedId(null)
            },
            onError: (err) => {
              if (err instanceof ApiError && err.status === 409 && err.body?.message) setRefusal({ id: role.id!, message: err.body.message })
            },
            onSettled: () => setDeleting(null),
          })
        }}
      >
        {l('deleteText', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </>
  )
}

/** RoleEditor: a role's name and its permissions by group, saved together. */
function RoleEditor({ role, groups }: { role: Role; groups: PermissionGroup[] }) {
  const { t } = useTranslation()
  const l = (k: string, o?: Record<string, unknown>) => t(`staff.roles.${k}`, o ?? {})
  const [form] = Form.useForm<{ name: string }>()
  const update = useUpdateRole()
  const [can, setCan] = useState<Set<string>>(() => new Set(role.permissions ?? []))
  useEffect(() => setCan(new Set(role.permissions ?? [])), [role.permissions])
  const superAdmin = role.name === 'super-admin'
  const locked = !!role.fixed
  const toggle = (name: string, on: boolean) =>
    setCan((c) => {
      const n = new Set(c)
      if (on) n.add(name)
      else n.delete(name)
      return n
    })
  const all = useMemo(() => groups.flatMap((g) => (g.permissions ?? []).map((p) => p.name)), [groups])

  const save = async ({ name }: { name: string }) => {
    try {
      // the server's catalogue order, so the saved list reads as the screen does
      await update.mutateAsync({ id: role.id!, body: { name: name.trim(), permissions: all.filter((p) => can.has(p)) } })
    } catch (err) {
      applyServerErrors(form, err)
    }
  }

  return (
    <Card title={l('editTitle', { name: role.name })}>
      {locked && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={l('fixedNote')} />}
      <Form form={form} layout="vertical" initialValues={{ name: role.name }} onFinish={save} disabled={locked}>
        <Form.Item name="name" label={l('name')} rules={roleNameRules(t)}>
          <Input autoComplete="off" />
        </Form.Item>
        {groups.map((g) => (
          <fieldset key={g.id ?? g.name} style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
            <legend style={{ fontWeight: 600, fontSize: 15, marginBottom: 8 }}>{g.name}</legend>
            <Space wrap size={[16, 4]}>
              {(g.permissions ?? []).map((p) => (
                <Checkbox key={p.name} checked={superAdmin || can.has(p.name)} onChange={(e) => toggle(p.name, e.target.checked)}>
                  {t(`staff.permissionLabels.${p.name}`, { defaultValue: p.name })}{' '}
                  <Typography.Text type="secondary" code style={{ fontSize: 12 }}>
                    {p.name}
                  </Typography.Text>
                </Checkbox>
              ))}
            </Space>
          </fieldset>
        ))}
        {!locked && (
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        )}
      </Form>
    </Card>
  )
}

/** AddRoleDialog creates a role without permissions (they are ticked in the editor next). */
function AddRoleDialog({ onClose }: { onClose: (id?: number) => void }) {
  const { t } = useTranslation()
  const l = (k: string) => t(`staff.roles.${k}`)
  const [form] = Form.useForm<{ name: string }>()
  const create = useCreateRole()
  const submit = async ({ name }: { name: string }) => {
    try {
      const res = await create.mutateAsync({ name: name.trim(), permissions: [] })
      onClose(res.data?.id)
    } catch (err) {
      applyServerErrors(form, err)
    }
  }
  return (
    <Modal
      open
      title={l('addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={() => onClose()}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: '' }} onFinish={submit}>
        <Form.Item name="name" label={l('name')} rules={roleNameRules(t)}>
          <Input autoFocus autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
