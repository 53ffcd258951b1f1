import { useQueryClient } from "@tanstack/react-query"
import { useRouteContext } from "@tanstack/react-router"
import type { RouterOutputs } from "../../lib/trpc"

export type Shelf = NonNullable<RouterOutputs["shelf"]["get"]>
export type Entry = Shelf["entries"][number]

/** "2026-11-27" → "27/11/2026". */
export const isoDayBR = (day: string | null) => (day ? day.split("-").reverse().join("/") : "—")

/** Sends a photo to the owner-only upload route; answers its stored URL or throws its pt-BR message. */
export async function uploadShelfPhoto(itemId: string, file: File): Promise<string> {
  const form = new FormData()
  form.set("itemId", itemId)
  form.set("image", file)
  const response = await fetch("/api/shelf/photos", {
    method: "POST",
    body: form,
    credentials: "same-origin",
  })
  const body = (await response.json().catch(() => null)) as {
    url?: string
    error?: { message?: string }
  } | null
  if (!response.ok || !body?.url)
    throw new Error(body?.error?.message ?? "Não foi possível enviar a foto agora.")
  return body.url
}

/** The owner's changes, each followed by a fresh read of the shelf (and of Minha Coleção, which counts it). */
export function useShelfCommands(userId: string) {
  const { trpc, trpcClient } = useRouteContext({ from: "__root__" })
  const queryClient = useQueryClient()
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.shelf.get.queryKey({ userId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.shelf.myCollection.queryKey() }),
    ])
  return {
    save: async (input: Parameters<typeof trpcClient.shelf.save.mutate>[0], photo: File | null) => {
      const { id } = await trpcClient.shelf.save.mutate(input)
      try {
        if (photo) await uploadShelfPhoto(id, photo)
      } finally {
        await refresh()
      }
      return id
    },
    remove: async (id: string) => {
      await trpcClient.shelf.delete.mutate({ id })
      await refresh()
    },
    photo: async (id: string, file: File) => {
      await uploadShelfPhoto(id, file)
      await refresh()
    },
    updatePiece: async (input: Parameters<typeof trpcClient.shelf.updatePiece.mutate>[0]) => {
      await trpcClient.shelf.updatePiece.mutate(input)
      await refresh()
    },
  }
}
