// antd and dayjs follow the admin's language: Serbian texts in the pickers and the pagination,
// English after the switch. A locale that falls back to English (an import antd cannot read, a
// dayjs locale not loaded) fails here. antd's texts load with the language's texts (test-setup
// loads both); dayjs's locales come with the date picker (DayPicker), as in the app.
import { render, screen } from '@testing-library/react'
import { ConfigProvider, DatePicker, Pagination } from 'antd'
import esSr from 'antd/es/locale/sr_RS'
import dayjs from 'dayjs'
import { uiLocale } from './App'
import './components/DayPicker'

function Controls({ language }: { language: string }) {
  return (
    <ConfigProvider locale={uiLocale(language)}>
      <Pagination total={500} />
      <DatePicker open defaultPickerValue={dayjs('2025-03-10')} />
    </ConfigProvider>
  )
}

afterEach(() => {
  dayjs.locale('en')
})

test('Serbian: antd pagination and date picker texts, dayjs day names, weeks from Monday', () => {
  render(<Controls language="sr" />)
  expect(document.querySelector('.ant-pagination-prev')?.getAttribute('title')).toBe('Prethodna strana')
  expect(screen.getByPlaceholderText('Izaberi datum')).toBeTruthy()
  // the calendar's day header comes from dayjs's 'sr' locale, Monday first
  const days = [...document.querySelectorAll('.ant-picker-content thead th')].map((th) => th.textContent)
  expect(days).toEqual(['po', 'ut', 'sr', 'če', 'pe', 'su', 'ne'])
})

test('English after the switch, weeks still from Monday', () => {
  render(<Controls language="en" />)
  expect(document.querySelector('.ant-pagination-prev')?.getAttribute('title')).toBe('Previous Page')
  expect(screen.getByPlaceholderText('Select date')).toBeTruthy()
  const days = [...document.querySelectorAll('.ant-picker-content thead th')].map((th) => th.textContent)
  expect(days[0]).toBe('Mo')
})

test("the Serbian locale is the ES build's object (what Vite's build can read)", () => {
  // vitest unwraps a CommonJS default (interopDefault) where Vite's build does not, so the
  // rendering above passes with `antd/locale/sr_RS` too; only the ES file gives the build the
  // locale itself rather than {__esModule, default}
  expect(uiLocale('sr')).toBe(esSr)
  expect(uiLocale('sr')?.locale).toBe('sr')
})
