import { createElement, type SVGProps } from "react"

/** An icon's drawing as lucide-react's icon modules describe it: its SVG elements and their attributes. */
export interface IconData {
  readonly node: readonly (readonly [string, Record<string, string>])[]
}

const SVG_ATTRIBUTES = {
  xmlns: "http://www.w3.org/2000/svg",
  width: 24,
  height: 24,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const

/**
 * Stands in for lucide-react's `createLucideIcon` in both builds (web/icons/lightIcons.ts): lucide's own
 * machinery (context, class merging, absolute stroke widths, a dozen helper modules) was ~3 KB of every
 * page's JavaScript for icons that take only a class name and `aria-hidden`. Same SVG as lucide's, without
 * its `lucide-*` class names, which no style uses.
 */
export default function createIcon({ node }: IconData) {
  const children = node.map(([tag, attributes]) => createElement(tag, attributes))
  // The class first, then the other attributes: lucide's order, so the markup is lucide's to the byte.
  return function Icon({ className, ...props }: SVGProps<SVGSVGElement>) {
    return createElement("svg", { ...SVG_ATTRIBUTES, className, ...props }, ...children)
  }
}
