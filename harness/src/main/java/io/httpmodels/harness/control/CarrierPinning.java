package io.httpmodels.harness.control;

/**
 * How often, and for how long, virtual threads of a JVM pinned their carriers since its pinning recorder started:
 * JFR's {@code jdk.VirtualThreadPinned} events, every one of them (threshold 0), counted and their durations summed.
 * Two of them bound a window.
 *
 * @param events pins recorded: a virtual thread that blocked (parked, slept, waited) where it could not unmount,
 *               so its carrier blocked with it
 * @param nanos  their durations summed: the time carriers were held by a blocked virtual thread
 */
public record CarrierPinning(long events, long nanos) {}
