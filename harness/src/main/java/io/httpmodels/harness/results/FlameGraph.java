package io.httpmodels.harness.results;

/**
 * A flame graph of one cell's measured window, written by async-profiler inside the model's JVM. A profiled cell's
 * figures are perturbed by the profiling (its samples cost the server CPU), so every report marks it.
 *
 * @param asked the event asked for: {@code cpu}, {@code wall}, {@code alloc} or {@code lock}
 * @param event the event that ran ({@code ctimer} where {@code cpu} was asked but perf events are forbidden); null
 *              when none did
 * @param file  the HTML flame graph, relative to the results folder; null when none was written
 * @param note  why none was written, or null
 */
public record FlameGraph(String asked, String event, String file, String note) {}
