export function PageLoading({ label = "Carregando..." }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center gap-3 text-muted">
      <span
        aria-hidden
        className="h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      {label}
    </div>
  )
}
