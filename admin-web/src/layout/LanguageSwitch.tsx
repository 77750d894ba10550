// The sr/en switch of the header and the login page.
import { Segmented } from 'antd'
import type { Lang } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { useLanguage } from '../i18n/useLanguage'

export function LanguageSwitch() {
  const { t } = useTranslation()
  const [lang, setLang] = useLanguage()
  return (
    <Segmented<Lang>
      aria-label={t('header.language')}
      size="small"
      value={lang}
      onChange={setLang}
      options={[
        { value: 'sr', label: <span title={t('header.sr')}>{t('header.srShort')}</span> },
        { value: 'en', label: <span title={t('header.en')}>{t('header.enShort')}</span> },
      ]}
    />
  )
}
