// ColorTag: a tag on a colour staff chose (a discount type's sticker colour), its text black or
// white, whichever reads better on that colour. antd's Tag always writes white on a custom
// colour, which on a light or middle colour (orange, the demo's red) falls below WCAG AA (4.5:1).
// One of black and white always reaches 4.5:1 on an opaque colour, so the choice is enough. A
// colour this cannot read (a CSS name) is shown as a swatch beside the text on the plain tag.
import { Tag } from 'antd'
import type { ReactNode } from 'react'

type RGB = [number, number, number]

/** parseColor: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb() or rgba() as opaque RGB over white; else null */
export function parseColor(css: string): RGB | null {
  const s = css.trim().toLowerCase()
  let rgba: number[] | null = null
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(s)
  if (hex) {
    const h = hex[1].length <= 4 ? [...hex[1]].map((c) => c + c).join('') : hex[1]
    rgba = [0, 2, 4, 6].filter((i) => i < h.length).map((i) => parseInt(h.slice(i, i + 2), 16))
    if (rgba.length === 4) rgba[3] /= 255
  }
  const fn = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(s)
  if (fn) {
    const a = fn[4] === undefined ? 1 : fn[4].endsWith('%') ? parseFloat(fn[4]) / 100 : parseFloat(fn[4])
    rgba = [Number(fn[1]), Number(fn[2]), Number(fn[3]), a]
  }
  if (!rgba || rgba.slice(0, 3).some((v) => !(v >= 0 && v <= 255))) return null
  const a = Math.min(1, Math.max(0, rgba[3] ?? 1))
  // a see-through colour shows the white of the table under it
  return rgba.slice(0, 3).map((v) => Math.round(v * a + 255 * (1 - a))) as RGB
}

/** luminance: WCAG relative luminance of an sRGB colour, 0 (black) to 1 (white) */
export function luminance([r, g, b]: RGB): number {
  const lin = (v: number) => {
    const c = v / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/** readableOn: black or white, whichever contrasts more with the background */
export function readableOn(background: RGB): '#000' | '#fff' {
  const l = luminance(background)
  // contrast with black (l+0.05)/0.05 against contrast with white 1.05/(l+0.05)
  return (l + 0.05) ** 2 >= 0.05 * 1.05 ? '#000' : '#fff'
}

export function ColorTag({ color, children }: { color?: string | null; children: ReactNode }) {
  if (!color) return <Tag>{children}</Tag>
  const rgb = parseColor(color)
  if (!rgb)
    return (
      <Tag>
        <span aria-hidden style={{ display: 'inline-block', width: 10, height: 10, marginInlineEnd: 6, borderRadius: 2, background: color, verticalAlign: -1 }} />
        {children}
      </Tag>
    )
  return (
    <Tag bordered={false} style={{ backgroundColor: `rgb(${rgb.join(',')})`, color: readableOn(rgb) }}>
      {children}
    </Tag>
  )
}
