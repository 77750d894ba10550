// useDebounced gives `value` once it has stayed the same for `ms` (search boxes, type-ahead).
import { useEffect, useState } from 'react'

export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(id)
  }, [value, ms])
  return settled
}
