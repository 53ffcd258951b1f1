import { useNavigate } from "@tanstack/react-router"
import { toast } from "./toast"
import { useRefreshViewer } from "./viewer"

/** Signs out (the auth client loads on use), refreshes every query and loader, and goes home. */
export function useSignOut() {
  const refresh = useRefreshViewer()
  const navigate = useNavigate()
  return async () => {
    const { authClient } = await import("./authClient")
    const { error } = await authClient.signOut()
    if (error) {
      toast.error("Erro no logout", { description: error.message })
      return
    }
    await refresh()
    toast.success("Você saiu da sua conta", { description: "Até a próxima!" })
    await navigate({ to: "/" })
  }
}
