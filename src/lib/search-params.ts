import { useSearchParams } from 'react-router-dom'

/**
 * A page's filters kept in the URL query (`?category=Tutorial`), so reload, back and a
 * shared link keep them: the current query, a setter that adds a history entry for a
 * choice (no value removes the key) without scrolling, and one that clears them all.
 */
export function useQueryFilters() {
  const [params, setParams] = useSearchParams()
  const setParam = (key: string, value: string | undefined) =>
    setParams(
      (url) => {
        const next = new URLSearchParams(url)
        if (value) next.set(key, value)
        else next.delete(key)
        return next
      },
      { preventScrollReset: true },
    )
  const clear = () => setParams(new URLSearchParams(), { preventScrollReset: true })
  return { params, setParam, clear }
}
