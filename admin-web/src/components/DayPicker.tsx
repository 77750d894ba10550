// DayPicker: a calendar day shown as DD.MM.YYYY (weeks start on Monday) and held as the API's
// YYYY-MM-DD string.
import { DatePicker } from 'antd'
import dayjs from 'dayjs'
import 'dayjs/locale/en-gb'
import 'dayjs/locale/sr'
import { useTranslation } from 'react-i18next'

export const DAY_FORMAT = 'DD.MM.YYYY'

export interface DayPickerProps {
  value?: string
  onChange?: (day: string | undefined) => void
  id?: string
  'aria-label'?: string
  placeholder?: string
}

export function DayPicker({ value, onChange, ...rest }: DayPickerProps) {
  const { i18n } = useTranslation()
  // both locales start the week on Monday; the month names follow the admin's language
  dayjs.locale(i18n.language === 'en' ? 'en-gb' : 'sr')
  return (
    <DatePicker
      {...rest}
      format={DAY_FORMAT}
      value={value ? dayjs(value, 'YYYY-MM-DD') : null}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : undefined)}
      style={{ width: '100%' }}
    />
  )
}
