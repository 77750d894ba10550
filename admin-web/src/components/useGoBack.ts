// useGoBack: back in the admin's own history, or to the admin home when there is none
// (a page opened directly has nothing inside the app to go back to).
import { useNavigate } from 'react-router'

export function useGoBack(): () => void {
  const navigate = useNavigate()
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (idx > 0) navigate(-1)
    else navigate('/', { replace: true })
  }
}
