// The sr/en switch of the header and the login page: two small buttons, the chosen one pressed.
// Not antd's Segmented: the first screens do not need its code.
import { Button, Space } from 'antd'
import { LANGUAGES, type Lang } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { useLanguage } from '../i18n/useLanguage'

export function LanguageSwitch() {
  const { t } = useTranslation()
  const [lang, setLang] = useLanguage()
  return (
    <Space.Compact role="group" aria-label={t('header.language')}>
      {LANGUAGES.map((l: Lang) => (
        <Button key={l} size="small" type={l === lang ? 'primary' : 'default'} aria-pressed={l === lang} title={t(`header.${l}`)} onClick={() => setLang(l)}>
          {t(`header.${l}Short`)}
        </Button>
      ))}
    </Space.Compact>
  )
}
