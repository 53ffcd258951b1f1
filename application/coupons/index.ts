/** The coupons module's front door: what other modules and the server use of it. */
export { createCoupon } from "./createCoupon"
export { deleteCoupon } from "./deleteCoupon"
export { duplicateCoupon } from "./duplicateCoupon"
export { listCoupons } from "./listCoupons"
export { setCouponActive } from "./setCouponActive"
export { updateCoupon } from "./updateCoupon"
