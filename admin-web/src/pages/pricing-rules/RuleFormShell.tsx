// The frame of every pricing rule's add and edit screen: a card with the title, the form, Save
// and Cancel (asking first when something was typed). Save sends the form; a server 422 lands on
// the fields, anything else is the shared error toast; success goes back to the list.
import { Button, Card, Flex, Form, Typography, type FormInstance } from 'antd'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { usePageTitle } from '../../components/usePageTitle'
import { applyServerErrors } from '../../forms/serverErrors'

export interface RuleFormShellProps<V> {
  title: string
  initial: V
  listPath: string
  busy: boolean
  onSubmit: (values: V) => Promise<unknown>
  children: ReactNode
  form?: FormInstance<V>
}

export function RuleFormShell<V extends object>({ title, initial, listPath, busy, onSubmit, children, form: given }: RuleFormShellProps<V>) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [own] = Form.useForm<V>()
  const form = given ?? own
  const [leaving, setLeaving] = useState(false)
  usePageTitle(title)
  const back = () => navigate(listPath)

  const submit = async (values: V) => {
    try {
      await onSubmit(values)
      back()
    } catch (err) {
      applyServerErrors(form, err)
    }
  }

  return (
    <Card title={<Typography.Title level={3} style={{ margin: 0 }}>{title}</Typography.Title>}>
      <Form<V> form={form} layout="vertical" initialValues={initial} onFinish={submit} style={{ maxWidth: 640 }}>
        {children}
        <Flex gap={8} style={{ marginTop: 24 }}>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('common.save')}
          </Button>
          <Button onClick={() => (form.isFieldsTouched() ? setLeaving(true) : back())}>{t('common.cancel')}</Button>
        </Flex>
      </Form>
      <ConfirmDialog open={leaving} title={t('pricingRules.common.discardTitle')} onConfirm={back} onCancel={() => setLeaving(false)}>
        {t('pricingRules.common.discardText')}
      </ConfirmDialog>
    </Card>
  )
}
