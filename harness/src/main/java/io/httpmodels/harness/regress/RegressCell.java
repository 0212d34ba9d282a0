package io.httpmodels.harness.regress;

import io.httpmodels.harness.results.Scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One cell of a regression run: a model under one closed-loop load shape on {@code GET /plaintext}.
 *
 * @param model    the model's name, as {@code serve} knows it
 * @param scenario the load shape
 */
public record RegressCell(String model, Scenario scenario) {

    /**
     * The default cells: the four blocking models and netty at 40 keep-alive connections without work, and netty
     * pipelined. Without work netty-virtual runs netty's code (its virtual threads carry work only), so netty's cells
     * gate it too; nio-reactor and the models outside compare's default set are left out to keep the gate's run near
     * 10 minutes (a cell adds about a minute and a half) and are gated by naming them ({@code --cells}).
     */
    public static final List<String> DEFAULT_SPECS = List.of(
            "single-thread:c40",
            "thread-per-connection:c40",
            "fixed-pool:c40",
            "virtual-threads:c40",
            "netty:c40",
            "netty:c256:p16");

    /** {@code MODEL/SCENARIO}, e.g. {@code netty/plaintext-c40-ka-w0}. */
    public String id() {
        return model + "/" + scenario.id();
    }

    /**
     * Parses {@code MODEL:cN[:pN][:wN][:close]}, e.g. {@code netty:c256:p16} (256 connections, 16 pipelined
     * requests on each) or {@code virtual-threads:c40:w1} (1 ms of blocking work per request).
     *
     * @throws IllegalArgumentException with a message saying what is wrong
     */
    public static RegressCell parse(String spec) {
        String[] parts = spec.trim().split(":");
        if (parts.length < 2 || parts[0].isBlank()) {
            throw new IllegalArgumentException(
                    "a cell is MODEL:cN[:pN][:wN][:close], e.g. netty:c40 or netty:c256:p16, got '" + spec + "'");
        }
        Integer connections = null;
        int pipeline = 1;
        int work = 0;
        boolean keepAlive = true;
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].toLowerCase(Locale.ROOT);
            try {
                if (p.equals("close")) {
                    keepAlive = false;
                } else if (p.startsWith("c")) {
                    connections = Integer.parseInt(p.substring(1));
                } else if (p.startsWith("p")) {
                    pipeline = Integer.parseInt(p.substring(1));
                } else if (p.startsWith("w")) {
                    work = Integer.parseInt(p.substring(1));
                } else {
                    throw new IllegalArgumentException("unknown part '" + parts[i] + "' in cell '" + spec + "'");
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a number in '" + parts[i] + "' of cell '" + spec + "'", e);
            }
        }
        if (connections == null) {
            throw new IllegalArgumentException("cell '" + spec + "' says no connection count (cN)");
        }
        return new RegressCell(parts[0], Scenario.closedLoop("/plaintext", work, keepAlive, connections, pipeline));
    }

    /** Parses every spec, keeping only the models in {@code models} when that is not null. */
    public static List<RegressCell> parseAll(List<String> specs, List<String> models) {
        List<RegressCell> cells = new ArrayList<>();
        for (String spec : specs) {
            RegressCell cell = parse(spec);
            if (models == null || models.contains(cell.model())) {
                cells.add(cell);
            }
        }
        if (cells.isEmpty()) {
            throw new IllegalArgumentException("no cell left to measure (--models " + models + ")");
        }
        return cells;
    }
}
