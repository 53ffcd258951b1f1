import { Layer } from "effect"
import { FetchHttpClient } from "effect/http"
import { OtlpSerialization, OtlpTracer } from "effect/observability"
import type { Config } from "./config"

/**
 * Exports the spans the use cases name (`Effect.fn("Orders.placeOrder")`) and the HTTP requests' spans to an
 * OpenTelemetry collector over OTLP/HTTP (JSON). Without an endpoint there is no layer: Effect's own tracer
 * keeps its spans in memory and nothing is sent. Disposing the runtime flushes the spans still buffered.
 */
export function tracingLayer(config: Config) {
  const endpoint = config.OTEL_EXPORTER_OTLP_ENDPOINT
  if (!endpoint) return null
  return OtlpTracer.layer({
    url: `${endpoint.replace(/\/$/, "")}/v1/traces`,
    resource: { serviceName: config.OTEL_SERVICE_NAME },
  }).pipe(Layer.provide(OtlpSerialization.layerJson), Layer.provide(FetchHttpClient.layer))
}
