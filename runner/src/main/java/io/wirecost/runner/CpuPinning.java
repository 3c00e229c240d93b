package io.wirecost.runner;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;

/**
 * {@code --pin-cpu auto|none|CPU}: which CPU the scenario JVMs run on, checked before any JVM starts.
 *
 * <p>Why pinned by default: on this project's 2-core VM, with the other vCPU idle, every call's hand-off
 * between a client and a server on different CPUs wakes an idle vCPU, and CPU per call came out several
 * times what it is with both JVMs on one CPU, distorting the factors too, while a busy machine hid the effect
 * (docs/measurement.md, "CPU per call"). The papers' local measurements ran on
 * single-CPU machines of 2005, so one CPU is also their setting. Concurrent clients ({@code --clients})
 * are not pinned: they measure the server's parallelism.
 */
public final class CpuPinning {

    private CpuPinning() {}

    /**
     * The CPU to pin to, or null for none: {@code auto} is the highest CPU this process may use when it may
     * use two or more (CPU 0 takes most interrupts), else none; {@code none} is none; a number is that CPU.
     */
    public static Integer choose(String option, String value, boolean concurrentClients) {
        if (value.equals("none")) return null;
        if (value.equals("auto")) {
            BitSet allowed = allowedCpus();
            return concurrentClients || allowed.cardinality() < 2 || !onPath("taskset") ? null : allowed.length() - 1;
        }
        int cpu;
        try {
            cpu = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new UsageException(option + " must be auto, none or a CPU number, got '" + value + "'");
        }
        check(option, cpu);
        return cpu;
    }

    /**
     * Where the JIT compiles while the adaptive method warms up a JVM pinned to {@code pinned}: the lowest
     * other CPU this process may use (why in {@link CompilerThreads}); null when not pinned or there is none.
     */
    public static Integer compilerCpu(Integer pinned) {
        if (pinned == null) return null;
        BitSet allowed = allowedCpus();
        allowed.clear(pinned);
        return allowed.isEmpty() ? null : allowed.nextSetBit(0);
    }

    public static void check(String option, int cpu) {
        BitSet allowed = allowedCpus();
        if (cpu < 0 || !allowed.get(cpu)) {
            throw new UsageException(
                    option + " must be one of the CPUs this process may use (" + describe(allowed) + "), got " + cpu);
        }
        if (!onPath("taskset")) {
            throw new UsageException(option + " needs taskset (Debian package util-linux), which is not on the PATH");
        }
    }

    /** The CPUs in this process's affinity mask ({@code Cpus_allowed_list} of /proc/self/status); all available processors where unreadable. */
    static BitSet allowedCpus() {
        BitSet set = allowedCpus(Path.of("/proc/self/status"));
        if (set.isEmpty()) set.set(0, Runtime.getRuntime().availableProcessors());
        return set;
    }

    /**
     * The CPUs in the affinity mask a {@code /proc/PID/status} (or {@code /proc/PID/task/TID/status}) file
     * gives; empty where it cannot be read (not Linux, the thread gone, an unexpected format).
     */
    static BitSet allowedCpus(Path status) {
        BitSet set = new BitSet();
        try {
            for (String line : Files.readAllLines(status)) {
                if (!line.startsWith("Cpus_allowed_list:")) continue;
                for (String range : line.substring(line.indexOf(':') + 1).trim().split(",")) {
                    String[] ends = range.trim().split("-");
                    int from = Integer.parseInt(ends[0]);
                    int to = ends.length > 1 ? Integer.parseInt(ends[1]) : from;
                    set.set(from, to + 1);
                }
                return set;
            }
        } catch (IOException | RuntimeException e) {
            set.clear();
        }
        return set;
    }

    private static String describe(BitSet cpus) {
        return cpus.stream()
                .mapToObj(String::valueOf)
                .reduce((a, b) -> a + ", " + b)
                .orElse("none");
    }

    private static boolean onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) return false;
        for (String dir : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, program))) return true;
        }
        return false;
    }
}
