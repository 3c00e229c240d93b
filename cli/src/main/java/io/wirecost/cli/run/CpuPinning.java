package io.wirecost.cli.run;

import io.wirecost.cli.UsageException;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;

/** Checks a {@code --pin-cpu} choice before any JVM starts: the CPU must be one this process may run on, and taskset must exist. */
public final class CpuPinning {

    private CpuPinning() {
    }

    public static void check(String option, int cpu) {
        BitSet allowed = allowedCpus();
        if (cpu < 0 || !allowed.get(cpu)) {
            throw new UsageException(option + " must be one of the CPUs this process may use (" + describe(allowed) + "), got " + cpu);
        }
        if (!onPath("taskset")) {
            throw new UsageException(option + " needs taskset (Debian package util-linux), which is not on the PATH");
        }
    }

    /** The CPUs in this process's affinity mask ({@code Cpus_allowed_list} of /proc/self/status); all available processors where unreadable. */
    static BitSet allowedCpus() {
        BitSet set = new BitSet();
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
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
            // not Linux, or an unexpected format: fall back below
        }
        set.set(0, Runtime.getRuntime().availableProcessors());
        return set;
    }

    private static String describe(BitSet cpus) {
        return cpus.stream().mapToObj(String::valueOf).reduce((a, b) -> a + ", " + b).orElse("none");
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
