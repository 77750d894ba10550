// Tests' helper: run an antd field's rules the way antd's form does (its async-validator), and
// give the first message, or null when the value passes.
import Schema from '@rc-component/async-validator'
import type { FormRule } from 'antd'

export async function firstError(rules: FormRule[], value: unknown, others: Record<string, unknown> = {}): Promise<string | null> {
  const form = { getFieldValue: (name: string) => others[name] }
  const resolved = rules.map((r) => (typeof r === 'function' ? (r as (f: typeof form) => object)(form) : r))
  for (const rule of resolved) {
    // antd checks a field's rules one after the other and stops at the first failure
    const schema = new Schema({ f: [rule as never] })
    try {
      await schema.validate({ f: value }, { first: true, suppressWarning: true } as never)
    } catch (e) {
      const errs = (e as { errors?: { message: string }[] }).errors
      return errs?.[0]?.message ?? String(e)
    }
  }
  return null
}
