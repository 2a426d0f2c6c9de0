import { MESSAGES } from '@keydesk/contracts/messages'

/** docs/product.md §2: the general error screen. */
export function ErrorScreen() {
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">{MESSAGES.somethingWentWrong}</h1>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
      >
        Refresh Page
      </button>
    </div>
  )
}
