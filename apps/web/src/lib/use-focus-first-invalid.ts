import { type RefObject, useEffect } from 'react'

/**
 * After a submit that found problems, focus goes to the first field marked invalid in the page's order.
 * react-hook-form's own focus follows the order in which fields registered (a child component's fields come after its
 * parent's) and cannot reach fields the page checks itself, such as chosen files.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>, submitCount: number) {
  useEffect(() => {
    if (submitCount === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [submitCount, formRef])
}
