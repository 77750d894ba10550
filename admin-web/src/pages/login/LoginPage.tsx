// The back-office login: e-mail and password; a 422 goes onto the fields, a customer is refused.
import { LockOutlined, MailOutlined } from '@ant-design/icons'
import { Alert, Button, Flex, Form, Input, theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, type Location } from 'react-router'
import { usePageTitle } from '../../components/usePageTitle'
import { applyServerErrors } from '../../forms/serverErrors'
import { useLogin, type Credentials } from '../../hooks/api/session'
import { LanguageSwitch } from '../../layout/LanguageSwitch'

export function LoginPage() {
  const { t } = useTranslation()
  const [form] = Form.useForm<Credentials>()
  const login = useLogin()
  const navigate = useNavigate()
  const location = useLocation()
  const [denied, setDenied] = useState(false)
  const { token } = theme.useToken()
  usePageTitle(t('login.title'))

  const from = (location.state as { from?: Location } | null)?.from
  const target = from && from.pathname !== '/login' ? `${from.pathname}${from.search}` : '/'

  const submit = (values: Credentials) => {
    setDenied(false)
    login.mutate(values, {
      onSuccess: ({ staff }) => {
        if (staff) navigate(target, { replace: true })
        else setDenied(true)
      },
      onError: (err) => applyServerErrors(form, err),
    })
  }

  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', background: '#f5f5f5', padding: 16 }}>
      {/* a plain card and heading: antd's Card and Typography would bring Tabs, Menu, Tooltip and
          TextArea into the first screen's JavaScript */}
      <div
        style={{
          width: 400,
          maxWidth: '100%',
          boxSizing: 'border-box',
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          fontFamily: token.fontFamily,
        }}
      >
        <Flex justify="space-between" align="center" style={{ marginBottom: 24 }}>
          <h1 style={{ margin: 0, fontSize: token.fontSizeHeading4, fontWeight: token.fontWeightStrong, color: token.colorTextHeading }}>
            {t('login.title')}
          </h1>
          <LanguageSwitch />
        </Flex>
        {denied && <Alert type="error" showIcon message={t('login.customerDenied')} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="email"
            label={t('login.email')}
            rules={[
              { required: true, message: t('validation.required') },
              { type: 'email', message: t('validation.email') },
            ]}
          >
            <Input name="email" type="email" autoComplete="username" prefix={<MailOutlined />} autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('validation.required') }]}>
            <Input.Password name="password" autoComplete="current-password" prefix={<LockOutlined />} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            {t('login.submit')}
          </Button>
        </Form>
      </div>
    </Flex>
  )
}
