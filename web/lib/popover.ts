import { type RefObject, useEffect, useRef } from "react"

/**
 * A header menu's way out: Escape, or a press anywhere outside the element the returned ref is on, closes it.
 */
export function useDismiss<T extends HTMLElement>(open: boolean, close: () => void): RefObject<T | null> {
  const ref = useRef<T>(null)
  useEffect(() => {
    if (!open) return
    const dismiss = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === "Escape" : !ref.current?.contains(e.target as Node)) close()
    }
    document.addEventListener("mousedown", dismiss)
    document.addEventListener("keydown", dismiss)
    return () => {
      document.removeEventListener("mousedown", dismiss)
      document.removeEventListener("keydown", dismiss)
    }
  }, [open, close])
  return ref
}
