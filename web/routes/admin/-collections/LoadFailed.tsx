/** A list that could not load: the spec's error text and a way to try again. */
export function LoadFailed({ message, retry }: { message: string; retry: () => void }) {
  return (
    <div className="mt-2 rounded-2xl surface p-6" role="alert">
      <p className="font-medium">{message}</p>
      <button type="button" className="btn btn-ghost mt-3" onClick={retry}>
        Tentar novamente
      </button>
    </div>
  )
}
