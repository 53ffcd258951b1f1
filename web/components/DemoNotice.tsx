/** The page's meta tag that tells the browser the server rendered the notice (web/browserRouter.tsx). */
export const DEMO_STORE_META = "demo-store"

/**
 * Said on every page of a store whose payments go through the sandbox (server/deployment.ts): nobody should
 * take it for a real shop, nor a simulated payment for a real one.
 */
export function DemoNotice() {
  return (
    <aside
      aria-label="Loja de demonstração"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
    >
      Loja de demonstração: os pagamentos são simulados e nenhum valor é cobrado.
    </aside>
  )
}
