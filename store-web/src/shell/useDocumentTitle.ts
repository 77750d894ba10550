// Sets the browser tab's title as "<page> | <shop>".
import { useEffect } from 'react'
import { useShop } from '../shop'

export function useDocumentTitle(page?: string): void {
  const name = useShop().name
  useEffect(() => {
    document.title = page ? `${page} | ${name}` : name
  }, [page, name])
}
