package io.wirecost.cli.attach;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One profiled JVM of an {@code attach} or {@code profile} run.
 *
 * @param name      its scenario name in the run's tables: the main class, {@code #2} added for a second
 *                  process of the same main class, so that two runs of one service diff line by line
 * @param file      its recording under {@code recordings/}
 * @param facts     what the JVM said about itself (java.version, vm, main class, command line...)
 * @param seconds   how long it was recorded
 * @param error     empty, or why the recording is missing or unusable
 * @param repetition which run of the command it belongs to ({@code profile --repeat}), from 1
 * @param cpuNanos  the JVM's CPU time over its recording of a run of a command ({@code profile}), ns; -1 where
 *                  unknown, and for {@code attach}, whose window of a running service is time, not a piece of work
 */
public record ProcessRecording(
        String name,
        long pid,
        Path file,
        Map<String, Object> facts,
        double seconds,
        String error,
        int repetition,
        long cpuNanos) {
    public ProcessRecording {
        facts = Collections.unmodifiableMap(new LinkedHashMap<>(facts));
    }

    /** A JVM of the one run of a command, or of an attach, its CPU time not taken. */
    public ProcessRecording(String name, long pid, Path file, Map<String, Object> facts, double seconds, String error) {
        this(name, pid, file, facts, seconds, error, 1, -1);
    }
}
