package io.httpmodels.harness.process;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** Linux's CPU list syntax, as taskset and sysfs write it: {@code 0-3,6,8-9}. */
public final class CpuList {

    private CpuList() {}

    /**
     * Parses a CPU list into sorted, distinct CPU numbers.
     *
     * @throws IllegalArgumentException for anything else than numbers, ranges and commas
     */
    public static List<Integer> parse(String list) {
        TreeSet<Integer> cpus = new TreeSet<>();
        if (list.isBlank()) {
            throw new IllegalArgumentException("an empty CPU list");
        }
        for (String part : list.split(",")) {
            String p = part.trim();
            try {
                int dash = p.indexOf('-');
                if (dash < 0) {
                    cpus.add(Integer.parseInt(p));
                } else {
                    int from = Integer.parseInt(p.substring(0, dash));
                    int to = Integer.parseInt(p.substring(dash + 1));
                    if (from > to || to - from > 4096) {
                        throw new IllegalArgumentException("bad CPU range '" + p + "'");
                    }
                    for (int cpu = from; cpu <= to; cpu++) {
                        cpus.add(cpu);
                    }
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a CPU list: '" + list + "' (say e.g. 0 or 0-3,6)", e);
            }
        }
        if (cpus.first() < 0) {
            throw new IllegalArgumentException("not a CPU list: '" + list + "'");
        }
        return new ArrayList<>(cpus);
    }

    /** Formats CPU numbers as a list, ranges folded: {@code [0,1,2,5]} gives {@code 0-2,5}. */
    public static String format(List<Integer> cpus) {
        List<Integer> sorted = new ArrayList<>(new TreeSet<>(cpus));
        List<String> parts = new ArrayList<>();
        int i = 0;
        while (i < sorted.size()) {
            int j = i;
            while (j + 1 < sorted.size() && sorted.get(j + 1) == sorted.get(j) + 1) {
                j++;
            }
            parts.add(i == j ? String.valueOf(sorted.get(i)) : sorted.get(i) + "-" + sorted.get(j));
            i = j + 1;
        }
        return parts.stream().collect(Collectors.joining(","));
    }
}
