import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useRouteContext } from "@tanstack/react-router"
import { readGuestCart, useGuestCart, writeGuestCart } from "./guestCart"
import { toast } from "./toast"
import { isTrpcError, type RouterOutputs } from "./trpc"
import { useViewer } from "./viewer"

export type PricedCart = RouterOutputs["cart"]["mine"]

/**
 * The cart's changes and messages (domain/cart/cart.ts), loaded when the shopper first changes the cart (its request
 * starts at the same time): every page shows add-to-cart buttons, few pages see a click.
 */
const cartRules = () => import("../../domain/cart/cart")

class AlreadyInCart extends Error {}

/**
 * One cart API for both kinds of shopper: a visitor's cart lives in the browser and is priced by the server;
 * a customer's cart lives on the server. Either way prices and buyability come from the server.
 */
export function useCart() {
  const { trpc, trpcClient } = useRouteContext({ from: "__root__" })
  const queryClient = useQueryClient()
  const viewer = useViewer()
  // null until the browser's storage can be read (see useGuestCart).
  const stored = useGuestCart()
  const guest = stored ?? []
  const signedIn = Boolean(viewer)

  // The root loader prefetched a customer's cart, so the server and the hydrating browser agree on it.
  const mine = useQuery({ ...trpc.cart.mine.queryOptions(), enabled: signedIn })
  const priced = useQuery({
    ...trpc.cart.price.queryOptions({ lines: [...guest] }),
    enabled: !signedIn && guest.length > 0,
  })
  const data: PricedCart | undefined = signedIn
    ? mine.data
    : stored === null
      ? undefined
      : guest.length === 0
        ? { lines: [], totals: { items: 0, totalItems: 0, subtotal: 0, savings: 0 }, prices: null }
        : priced.data

  const setMine = (next: PricedCart) => queryClient.setQueryData(trpc.cart.mine.queryOptions().queryKey, next)
  const fail = async (error: unknown) => {
    const { CART_MESSAGES } = await cartRules()
    const message =
      error instanceof AlreadyInCart
        ? CART_MESSAGES.alreadyInCart.title
        : isTrpcError(error)
          ? error.message
          : "Tente novamente em alguns instantes."
    if (message === CART_MESSAGES.alreadyInCart.title)
      toast.warning(CART_MESSAGES.alreadyInCart.title, { description: CART_MESSAGES.alreadyInCart.message })
    else toast.error("Não foi possível atualizar o carrinho", { description: message })
  }

  const add = useMutation({
    mutationFn: async ({ productId }: { productId: string; name: string }) => {
      void cartRules().catch(() => undefined) // fetched while the server answers
      if (signedIn) return setMine(await trpcClient.cart.add.mutate({ productId }))
      await trpcClient.cart.check.query({ productId })
      const { addLine } = await cartRules()
      const result = addLine(readGuestCart(), productId)
      if (!result.ok) throw new AlreadyInCart()
      writeGuestCart(result.cart)
    },
    onSuccess: async (_, { name }) => {
      const { CART_MESSAGES } = await cartRules()
      toast.success(CART_MESSAGES.added.title, { description: CART_MESSAGES.added.message(name) })
    },
    onError: fail,
  })
  const update = useMutation({
    mutationFn: async ({ productId, quantity }: { productId: string; quantity: unknown }) => {
      if (signedIn) return setMine(await trpcClient.cart.setQuantity.mutate({ productId, quantity }))
      const { setQuantity } = await cartRules()
      writeGuestCart(setQuantity(readGuestCart(), productId, quantity))
    },
    onError: fail,
  })
  const remove = useMutation({
    mutationFn: async ({ productId }: { productId: string }) => {
      void cartRules().catch(() => undefined)
      if (signedIn) return setMine(await trpcClient.cart.remove.mutate({ productId }))
      const { removeLine } = await cartRules()
      writeGuestCart(removeLine(readGuestCart(), productId))
    },
    onSuccess: async () => toast.success((await cartRules()).CART_MESSAGES.removed),
    onError: fail,
  })
  const clear = useMutation({
    mutationFn: async () => {
      void cartRules().catch(() => undefined)
      if (signedIn) return setMine(await trpcClient.cart.clear.mutate())
      writeGuestCart([])
    },
    onSuccess: async () => toast.success((await cartRules()).CART_MESSAGES.cleared),
    onError: fail,
  })

  const ids = new Set(
    signedIn ? (mine.data?.lines ?? []).map((l) => l.productId) : guest.map((l) => l.productId),
  )
  return {
    signedIn,
    data,
    loading: signedIn ? mine.isPending : stored === null || (guest.length > 0 && priced.isPending),
    /** Whether the count is known: false on the server and while hydrating for a visitor. */
    known: signedIn ? mine.data !== undefined : stored !== null,
    count: signedIn ? (mine.data?.totals.totalItems ?? 0) : guest.reduce((n, l) => n + l.quantity, 0),
    has: (productId: string) => ids.has(productId),
    add,
    update,
    remove,
    clear,
  }
}
