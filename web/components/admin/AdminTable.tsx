import type { ReactNode } from "react"

/**
 * An admin list's count line and table (or its empty message): the caption names the table for screen readers,
 * the count is announced when a filter changes it.
 */
export function AdminTable({
  caption,
  headers,
  count,
  empty,
  children,
}: {
  caption: string
  headers: readonly string[]
  /** "3 pagamentos". */
  count: string
  empty: string
  children: ReactNode[]
}) {
  return (
    <>
      <p className="mt-4 text-sm text-muted" aria-live="polite">
        {count}
      </p>
      {children.length === 0 ? (
        <p className="mt-2 rounded-2xl surface p-6 text-center text-muted">{empty}</p>
      ) : (
        <div className="relative mt-2 overflow-x-auto rounded-2xl surface">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="border-b border-theme text-xs uppercase text-muted">
              <tr>
                {headers.map((h) => (
                  <th key={h} scope="col" className="px-3 py-3">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
    </>
  )
}

/** "1 e-mail" / "3 e-mails". */
export const counted = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`)
