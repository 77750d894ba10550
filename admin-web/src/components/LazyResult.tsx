// LazyResult: antd's Result (a status page with its picture) loaded when shown. The back-office
// layout shows one only when something went wrong, so its pictures stay out of every screen's
// first load.
import type { ResultProps } from 'antd'
import { lazy, Suspense } from 'react'

const Result = lazy(() => import('antd/es/result'))

export function LazyResult(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <Result {...props} />
    </Suspense>
  )
}
