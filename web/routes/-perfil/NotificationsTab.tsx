import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { useRouteContext } from "@tanstack/react-router"
import { Bell } from "lucide-react"
import { useRef } from "react"
import { NOTIFICATION_TYPES, type NotificationType } from "../../../domain/notifications/announcement"
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPE_HINTS,
  NOTIFICATION_TYPE_LABELS,
  type NotificationChannel,
  type NotificationPreferences,
} from "../../../domain/notifications/center"
import { toast } from "../../lib/toast"

const CHANNEL_LABELS = {
  inApp: "No site",
  email: "Por e-mail",
} as const satisfies Record<NotificationChannel, string>

/**
 * 'Notificações': what the customer receives, per type and channel, each switch saved at once (the server
 * rendered the grid: /perfil's loader). A switch shows its new state at once and goes back if the save fails.
 */
export function NotificationsTab() {
  const { trpc, trpcClient } = useRouteContext({ from: "__root__" })
  const queryClient = useQueryClient()
  const key = trpc.notifications.preferences.queryKey(undefined)
  const { data: grid } = useSuspenseQuery(trpc.notifications.preferences.queryOptions(undefined))
  // Saves answer the whole grid; while another is on its way an earlier answer would undo a newer switch.
  const pending = useRef(0)

  const change = async (type: NotificationType, channel: NotificationChannel, enabled: boolean) => {
    const set = (update: (g: NotificationPreferences) => NotificationPreferences) =>
      queryClient.setQueryData<NotificationPreferences>(key, (g) => (g ? update(g) : g))
    set((g) => ({ ...g, [type]: { ...g[type], [channel]: enabled } }))
    pending.current += 1
    try {
      const saved = await trpcClient.notifications.setPreference.mutate({ type, channel, enabled })
      if (pending.current === 1) set(() => saved)
      toast.success("Preferências salvas", { id: "notification-preferences" })
    } catch (error) {
      set((g) => ({ ...g, [type]: { ...g[type], [channel]: !enabled } }))
      toast.error("Não foi possível salvar suas preferências", {
        id: "notification-preferences",
        description: error instanceof Error ? error.message : "Tente novamente.",
      })
    } finally {
      pending.current -= 1
    }
  }

  return (
    <section className="rounded-2xl surface p-6" aria-labelledby="notification-preferences-title">
      <h2 id="notification-preferences-title" className="flex items-center gap-2 text-lg font-semibold">
        <Bell aria-hidden className="h-5 w-5 text-accent" /> Notificações
      </h2>
      <p className="mt-1 text-sm text-muted">
        Escolha o que você quer receber no site (o sino no topo da página) e por e-mail. Cada mudança é salva
        na hora.
      </p>
      <div className="mt-4 grid gap-3">
        {NOTIFICATION_TYPES.map((type) => (
          <fieldset
            key={type}
            aria-describedby={`notification-hint-${type}`}
            className="rounded-xl border border-theme px-4 pb-2 pt-1"
          >
            <legend className="px-1 font-semibold">{NOTIFICATION_TYPE_LABELS[type]}</legend>
            <p id={`notification-hint-${type}`} className="text-sm text-muted">
              {NOTIFICATION_TYPE_HINTS[type]}
            </p>
            <div className="mt-1 flex flex-wrap gap-x-6">
              {NOTIFICATION_CHANNELS.map((channel) => (
                <label
                  key={channel}
                  className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm"
                >
                  <input
                    type="checkbox"
                    role="switch"
                    className="h-5 w-5 cursor-pointer accent-[var(--accent)]"
                    checked={grid[type][channel]}
                    aria-checked={grid[type][channel]}
                    onChange={(event) => void change(type, channel, event.currentTarget.checked)}
                  />
                  {CHANNEL_LABELS[channel]}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
    </section>
  )
}
