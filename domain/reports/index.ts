export * from "./figures"
export * from "./period"
