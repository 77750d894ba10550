// The day picker's today is the shop's day: at 23:30 UTC on 24 November, with the browser in UTC,
// Belgrade is already on the 25th.
import { fireEvent, render, screen } from '@testing-library/react'
import { DayPicker } from './DayPicker'

describe('DayPicker', () => {
  beforeEach(() => {
    vi.stubEnv('TZ', 'UTC')
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-24T23:30:00Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllEnvs()
  })

  it("marks the shop's today and picks it with Today", () => {
    const picked: (string | undefined)[] = []
    render(<DayPicker aria-label="od" onChange={(d) => picked.push(d)} />)
    fireEvent.mouseDown(screen.getByLabelText('od'))
    fireEvent.click(screen.getByLabelText('od'))
    const today = document.querySelector('.ant-picker-cell-today')
    expect(today?.getAttribute('title')).toBe('2026-11-25')
    fireEvent.click(document.querySelector('.ant-picker-now-btn, .ant-picker-today-btn')!)
    expect(picked.length).toBeGreaterThan(0)
    expect(new Set(picked)).toEqual(new Set(['2026-11-25']))
  })
})
