/** Why a cart line cannot be bought as it is (an edition's per-collector limit), said on the line itself. */
export function LineProblem({ text }: { text: string | undefined }) {
  if (!text) return null
  return (
    <p
      role="status"
      className="text-sm font-medium text-red-700 dark:text-red-400"
      data-testid="line-problem"
    >
      {text}
    </p>
  )
}
