/**
 * Latency measured the way latency people measure it: one recorder on HdrHistogram for every tool
 * and experiment ({@link mechsym.tools.latency.LatencyRecorder}), summaries from min to max
 * ({@link mechsym.tools.latency.LatencySummary}), HdrHistogram's {@code .hgrm} percentile files, and
 * the load model stated with every figure ({@link mechsym.tools.latency.LoadMode}: closed loop, or
 * fixed rate timed from each request's intended send time so that coordinated omission cannot hide a
 * stall). Thread pinning for the same tools lives in {@link mechsym.tools.platform.CpuAffinity}.
 */
package mechsym.tools.latency;
