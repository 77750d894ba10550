// Sets the browser tab's title as "<page> | <shop>".
import { useEffect } from 'react'
import { shop } from '../shop'

export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `${page} | ${shop.name}` : shop.name
  }, [page])
}
