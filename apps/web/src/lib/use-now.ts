import { useEffect, useState } from 'react'

/** The current time, renewed every `everyMs`: enough for "12 min left" to stay true without re-rendering each second. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}
