// DayPicker: a calendar day shown as DD.MM.YYYY (weeks start on Monday) and held as the API's
// YYYY-MM-DD string. Its "today" (the marked cell and the Today button) is the shop's day, not the
// browser's: between midnight in Belgrade and midnight where the browser is, they differ, and a
// discount or sticker picked "from today" must start on the day the server's rules call today.
import { DatePicker } from 'antd'
import dayjs from 'dayjs'
import 'dayjs/locale/en-gb'
import 'dayjs/locale/sr'
// antd's own dayjs set-up (the one its DatePicker is made of); only "now" is replaced
import dayjsConfig from 'rc-picker/es/generate/dayjs'
import { useTranslation } from 'react-i18next'
import { shopToday } from '../format'

export const DAY_FORMAT = 'DD.MM.YYYY'

const ShopDatePicker = DatePicker.generatePicker({ ...dayjsConfig, getNow: () => dayjs(shopToday()) })

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
    <ShopDatePicker
      {...rest}
      format={DAY_FORMAT}
      value={value ? dayjs(value, 'YYYY-MM-DD') : null}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : undefined)}
      style={{ width: '100%' }}
    />
  )
}
