import { PageFrame } from '../components/ui/page-frame.tsx'
import { paths } from './paths.ts'

/**
 * The title and purpose of each spec 2.1 screen still being built, so its route shows a real, titled page while
 * the team that owns it builds the screen. A team replaces `<RouteFrame path={...} />` in router.tsx
 * with its page and deletes the entry here.
 */
const frames = {
  [paths.paymentSuccess]: { title: 'Payment Successful', description: 'Your order confirmation and next steps.' },
  [paths.paymentCancel]: { title: 'Payment Cancelled', description: 'No charges were made and your cart items remain.' },
} satisfies Record<string, { title: string; description: string }>

type FramedPath = keyof typeof frames

export function RouteFrame({ path }: { path: FramedPath }) {
  const { title, description } = frames[path]
  return <PageFrame title={title} description={description} />
}
