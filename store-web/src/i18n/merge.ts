/** One language's texts from its area files; two areas may not define the same top-level key. */
export function mergeAreas(files: Record<string, Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [file, texts] of Object.entries(files)) {
    for (const [key, value] of Object.entries(texts)) {
      if (key in out) throw new Error(`i18n: ${file} defines '${key}' again`)
      out[key] = value
    }
  }
  return out
}
