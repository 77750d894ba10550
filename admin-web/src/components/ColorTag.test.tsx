import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ColorTag, luminance, parseColor, readableOn } from './ColorTag'

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)

describe('ColorTag', () => {
  it('reads hex and rgb() colours, a see-through one over white', () => {
    expect(parseColor('#e53935')).toEqual([229, 57, 53])
    expect(parseColor(' #FB8C00 ')).toEqual([251, 140, 0])
    expect(parseColor('#fff')).toEqual([255, 255, 255])
    expect(parseColor('rgb(10, 20, 30)')).toEqual([10, 20, 30])
    expect(parseColor('#00000080')).toEqual([127, 127, 127])
    expect(parseColor('tomato')).toBeNull()
    expect(parseColor('#12345')).toBeNull()
    expect(parseColor('rgb(300, 0, 0)')).toBeNull()
  })

  it('writes black or white, whichever reaches WCAG AA (4.5:1) on the colour', () => {
    expect(readableOn([251, 140, 0])).toBe('#000') // the demo's orange
    expect(readableOn([109, 76, 65])).toBe('#fff') // the demo's brown
    for (let v = 0; v < 256 * 256 * 256; v += 9973) {
      const rgb: [number, number, number] = [v >> 16, (v >> 8) & 255, v & 255]
      const text = readableOn(rgb) === '#000' ? 0 : 1
      expect(contrast(luminance(rgb), text)).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('colours the tag with the readable text, and shows a colour it cannot read as a swatch', () => {
    const { rerender } = render(<ColorTag color="#fb8c00">POPUST</ColorTag>)
    const popust = screen.getByText('POPUST')
    expect(popust.style.color).toBe('rgb(0, 0, 0)')
    expect(popust.style.backgroundColor).toBe('rgb(251, 140, 0)')
    rerender(<ColorTag color="tomato">AKCIJA</ColorTag>)
    const tag = screen.getByText('AKCIJA')
    expect((tag.querySelector('[aria-hidden]') as HTMLElement).style.background).toBe('tomato')
    expect(tag.style.color).toBe('')
  })
})
