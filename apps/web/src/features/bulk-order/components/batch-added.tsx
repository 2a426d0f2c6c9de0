import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { paths } from '../../../lib/paths.ts'

/** What adding the batch came to, with the way to the cart. */
export function BatchAdded({ message }: { message: string }) {
  const ref = useRef<HTMLDivElement>(null)
  // The Add button goes with the batch it added; the keyboard lands on what happened instead.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new message takes the focus again
  useEffect(() => {
    ref.current?.focus()
  }, [message])
  return (
    <div ref={ref} tabIndex={-1} className="outline-none">
      <Alert tone="success">
        <p>{message}</p>
        <Link to={paths.cart} className="mt-2 inline-block font-semibold underline">
          Go to your cart
        </Link>
      </Alert>
    </div>
  )
}
